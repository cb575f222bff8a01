import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerSchema,
  idParamsSchema,
  nearbyStopSchema,
  nearbyStopsQuerySchema,
  riderStopInputSchema,
  riderStopSchema,
  routeScheduleSchema,
  RUN_NAMES,
  RUNS,
  runScheduleInputSchema,
  runScheduleSchema,
  stopInputSchema,
  stopListQuerySchema,
  stopSchema,
} from '@school-transport/shared';
import { errorAnswers } from '../../../lib/answers.js';
import { changeContextOf } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import { resourceRoutes } from '../../platform/resources/index.js';
import type { ScheduleService } from './schedule-service.js';
import type { StopService } from './stop-service.js';

const runParamsSchema = idParamsSchema.extend({
  run: z.enum(RUNS, { error: 'The run must be PICKUP or DROP' }),
});
const fromStudentParamsSchema = runParamsSchema.extend({ studentId: z.uuid('The student id is not valid') });

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * /api/stops/… (the resource and the nearby look-up), a route's run schedules under /api/routes/{id}/…, and a
 * child's stop under /api/students/{id}/stops/{run}. All for administrators.
 */
export const stopRoutes =
  (stops: StopService, schedules: ScheduleService) => async (app: FastifyInstance) => {
    await app.register(
      resourceRoutes({
        path: 'stops',
        label: 'Stop',
        inputSchema: stopInputSchema,
        listQuerySchema: stopListQuerySchema,
        answerSchema: stopSchema,
        service: stops,
      }),
    );

    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/stops/nearby',
      {
        config: { access: 'office-read' },
        schema: {
          tags: ['stops'],
          querystring: nearbyStopsQuerySchema,
          response: { 200: answerSchema(z.array(nearbyStopSchema)) },
        },
      },
      async (request) => success(await stops.nearby(request.query)),
    );

    const tags = ['routes'];
    routes.get(
      '/routes/:id/schedule',
      {
        config: { access: 'office-read' },
        schema: { tags, params: idParamsSchema, response: { 200: answerSchema(routeScheduleSchema) } },
      },
      async (request) => success(await schedules.schedule(request.params.id)),
    );

    routes.put(
      '/routes/:id/runs/:run',
      {
        schema: {
          tags,
          params: runParamsSchema,
          body: runScheduleInputSchema,
          response: {
            200: answerSchema(runScheduleSchema),
            ...errorAnswers({ 409: 'A chosen stop was deleted meanwhile, or appears twice on the run' }),
          },
        },
      },
      async (request) => {
        const { id, run } = request.params;
        const saved = await schedules.saveRun(id, run, request.body, changeContextOf(request));
        return success(saved, `${capitalised(RUN_NAMES[run])} saved.`);
      },
    );

    routes.delete(
      '/routes/:id/runs/:run',
      { schema: { tags, params: runParamsSchema, response: { 200: answerSchema(runScheduleSchema) } } },
      async (request) => {
        const { id, run } = request.params;
        const cleared = await schedules.clearRun(id, run, changeContextOf(request));
        return success(cleared, `${capitalised(RUN_NAMES[run])} schedule removed.`);
      },
    );

    routes.post(
      '/routes/:id/runs/:run/stops-from-student/:studentId',
      {
        schema: {
          tags,
          params: fromStudentParamsSchema,
          response: {
            200: answerSchema(routeScheduleSchema),
            ...errorAnswers({
              409: 'The run has no start time yet, the child is not seated on this route, or the run is full',
            }),
          },
        },
      },
      async (request) => {
        const { id, run, studentId } = request.params;
        const schedule = await schedules.stopFromStudent(id, run, studentId, changeContextOf(request));
        return success(schedule, 'Stop added to the run.');
      },
    );

    routes.put(
      '/students/:id/stops/:run',
      {
        schema: {
          tags: ['students'],
          params: runParamsSchema,
          body: riderStopInputSchema,
          response: {
            200: answerSchema(riderStopSchema),
            ...errorAnswers({ 409: 'The child is not seated on a route, or the stop is not on its run' }),
          },
        },
      },
      async (request) => {
        const { id, run } = request.params;
        const tie = await schedules.tieRider(id, run, request.body.stopId, changeContextOf(request));
        return success(tie, tie.stopId ? 'Stop chosen.' : 'Stop removed.');
      },
    );
  };
