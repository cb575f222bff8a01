import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  answerSchema,
  clockAnswerSchema,
  clockInputSchema,
  driverHoursSchema,
  idParamsSchema,
  openShiftSchema,
  shiftCorrectionInputSchema,
  shiftSchema,
  timesheetQuerySchema,
  timesheetSchema,
} from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import { csvAnswer, errorAnswers } from '../../../lib/answers.js';
import { changeContextOf } from '../../../lib/change-context.js';
import { csvStream, sendCsv, type RowCounter } from '../../../lib/csv.js';
import { success } from '../../../lib/envelope.js';
import { requireAuth } from '../../../plugins/authentication.js';
import { auditExport } from '../../platform/audit/index.js';
import type { DriversHoursService } from './drivers-hours-service.js';
import { timesheetCsvColumns, timesheetCsvRows } from './timesheet-csv.js';

async function* each<T>(rows: readonly T[]): AsyncIterable<T> {
  yield* rows;
}

/**
 * /api/driver/hours… for the driver app (access 'driver': the signed-in driver's own shifts only; no route takes a
 * driver's id); /api/drivers-hours/… for the office: its reads (timesheet, its CSV, open shifts) are every office
 * reader's ('office-read', decision 069), a correction an administrator's (the default access).
 */
export function driversHoursRoutes({
  hours,
  db,
  timeZone,
}: {
  hours: DriversHoursService;
  db: Database;
  timeZone: string;
}) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const driverOnly = { access: 'driver' } as const;
    const driverTags = ['driver app'];
    const tags = ['drivers-hours'];
    const officeRead = { access: 'office-read' } as const;

    routes.get(
      '/driver/hours',
      {
        config: driverOnly,
        schema: { tags: driverTags, response: { 200: answerSchema(driverHoursSchema) } },
      },
      async (request) => success(await hours.driverHours(requireAuth(request).user.id)),
    );

    routes.post(
      '/driver/hours/clock',
      {
        config: driverOnly,
        schema: {
          tags: driverTags,
          body: clockInputSchema,
          response: {
            200: answerSchema(clockAnswerSchema),
            ...errorAnswers({
              404: 'This account has no driver record',
              409: 'Already clocked in (clock in), not clocked in (clock out), or a time before the last shift',
            }),
          },
        },
      },
      async (request) => {
        const answer = await hours.clock(
          requireAuth(request).user.id,
          request.body,
          changeContextOf(request),
        );
        return success(answer, request.body.action === 'IN' ? 'Clocked in.' : 'Clocked out.');
      },
    );

    routes.get(
      '/drivers-hours/timesheet',
      {
        config: officeRead,
        schema: {
          tags,
          querystring: timesheetQuerySchema,
          response: { 200: answerSchema(timesheetSchema), ...errorAnswers({ 404: 'No such driver' }) },
        },
      },
      async (request) => success(await hours.timesheet(request.query)),
    );

    routes.get(
      '/drivers-hours/timesheet.csv',
      {
        config: officeRead,
        schema: {
          tags,
          querystring: timesheetQuerySchema,
          response: {
            200: csvAnswer('The timesheet: a row per shift, per trip outside any shift, and the total'),
            ...errorAnswers({ 404: 'No such driver' }),
          },
        },
      },
      async (request, reply) => {
        const sheet = await hours.timesheet(request.query);
        const counter: RowCounter = { rows: 0 };
        const stream = csvStream(timesheetCsvColumns, each(timesheetCsvRows(sheet, timeZone)), counter);
        const { from, to } = request.query;
        return sendCsv(
          reply,
          `timesheet-${sheet.driverName}-${from}-to-${to}.csv`,
          // Each download is audited like every export (who, which driver and period, how many rows).
          auditExport(db, request, stream, {
            list: 'drivers-hours/timesheet',
            query: request.query as Record<string, unknown>,
            counter,
          }),
        );
      },
    );

    routes.get(
      '/drivers-hours/open-shifts',
      { config: officeRead, schema: { tags, response: { 200: answerSchema(openShiftSchema.array()) } } },
      async () => success(await hours.openShifts()),
    );

    routes.post(
      '/drivers-hours/drivers/:id/shifts',
      {
        schema: {
          tags,
          params: idParamsSchema,
          body: shiftCorrectionInputSchema,
          response: {
            201: answerSchema(shiftSchema),
            ...errorAnswers({
              404: 'No such driver',
              409: 'The times overlap another of the driver’s shifts, or the clock-out is in the future',
            }),
          },
        },
      },
      async (request, reply) => {
        const { user } = requireAuth(request);
        const shift = await hours.addForDriver(
          request.params.id,
          request.body,
          user.name,
          changeContextOf(request),
        );
        return reply.code(201).send(success(shift, 'Shift added.'));
      },
    );

    routes.post(
      '/drivers-hours/shifts/:id/correction',
      {
        schema: {
          tags,
          params: idParamsSchema,
          body: shiftCorrectionInputSchema,
          response: {
            200: answerSchema(shiftSchema),
            ...errorAnswers({
              404: 'No such shift',
              409: 'The times overlap another of the driver’s shifts, or the clock-out is in the future',
            }),
          },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        return success(
          await hours.correct(request.params.id, request.body, user.name, changeContextOf(request)),
          'Shift corrected.',
        );
      },
    );
  };
}
