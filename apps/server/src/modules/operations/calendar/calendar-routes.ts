import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  absenceInputSchema,
  absenceSchema,
  answerSchema,
  calendarDateParamsSchema,
  calendarDateSchema,
  calendarDayInputSchema,
  calendarDaySchema,
  calendarRangeQuerySchema,
  idParamsSchema,
  messageAnswerSchema,
  dayInLocale,
} from '@school-transport/shared';
import { errorAnswers } from '../../../lib/answers.js';
import { changeContextOf } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import type { AbsenceService } from './absence-service.js';
import type { CalendarService, CalendarTripChanges } from './calendar-service.js';

const tripCount = (n: number) => `${n} ${n === 1 ? 'trip' : 'trips'}`;

/** What the change did to trips already generated, told to the admin: " 4 trips cancelled." or nothing. */
function tripsSentence({ cancelled, planned }: CalendarTripChanges): string {
  if (cancelled) return ` ${tripCount(cancelled)} of that day cancelled.`;
  if (planned) return ` ${tripCount(planned)} planned for that day.`;
  return '';
}

/** The school calendar (/api/calendar) and children's absences; admin only, every write audited. */
export function calendarRoutes(calendar: CalendarService, absences: AbsenceService, locale: string) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/calendar',
      {
        config: { access: 'office-read' },
        schema: {
          tags: ['calendar'],
          querystring: calendarRangeQuerySchema,
          response: { 200: answerSchema(z.array(calendarDateSchema)) },
        },
      },
      async (request) => success(await calendar.range(request.query.from, request.query.to)),
    );

    routes.put(
      '/calendar/:date',
      {
        schema: {
          tags: ['calendar'],
          params: calendarDateParamsSchema,
          body: calendarDayInputSchema,
          response: { 200: answerSchema(calendarDaySchema) },
        },
      },
      async (request) => {
        const { day, trips } = await calendar.set(
          request.params.date,
          request.body,
          changeContextOf(request),
        );
        return success(day, `${dayInLocale(request.params.date, locale)} saved.${tripsSentence(trips)}`);
      },
    );

    routes.delete(
      '/calendar/:date',
      {
        schema: {
          tags: ['calendar'],
          params: calendarDateParamsSchema,
          response: { 200: messageAnswerSchema, ...errorAnswers({ 404: 'This day has no calendar entry' }) },
        },
      },
      async (request) => {
        const trips = await calendar.remove(request.params.date, changeContextOf(request));
        return success(
          undefined,
          `${request.params.date} follows the weekday rule again.${tripsSentence(trips)}`,
        );
      },
    );

    routes.get(
      '/students/:id/absences',
      {
        config: { access: 'office-read' },
        schema: {
          tags: ['absences'],
          params: idParamsSchema,
          response: { 200: answerSchema(z.array(absenceSchema)) },
        },
      },
      async (request) => success(await absences.ofStudent(request.params.id)),
    );

    routes.post(
      '/students/:id/absences',
      {
        schema: {
          tags: ['absences'],
          params: idParamsSchema,
          body: absenceInputSchema,
          response: {
            201: answerSchema(z.array(absenceSchema)),
            ...errorAnswers({ 409: 'The child is already marked not riding on that day' }),
          },
        },
      },
      async (request, reply) => {
        const marked = await absences.mark(request.params.id, request.body, changeContextOf(request));
        return reply.code(201).send(success(marked, 'Marked not riding.'));
      },
    );

    routes.delete(
      '/absences/:id',
      { schema: { tags: ['absences'], params: idParamsSchema, response: { 200: messageAnswerSchema } } },
      async (request) => {
        await absences.remove(request.params.id, changeContextOf(request));
        return success(undefined, 'Absence removed.');
      },
    );
  };
}
