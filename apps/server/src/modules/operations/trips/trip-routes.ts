import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerSchema,
  cancelTripSchema,
  combineTripSchema,
  orderTripStopsSchema,
  tripCombinesSchema,
  delayTripSchema,
  generateTripsAnswerSchema,
  generateTripsSchema,
  idParamsSchema,
  officeStartSchema,
  pageAnswerSchema,
  rescueAnswerSchema,
  rescueTripSchema,
  tripDetailsSchema,
  tripListQuerySchema,
  tripSchema,
  type TripMove,
  dayInLocale,
} from '@school-transport/shared';
import { errorAnswers } from '../../../lib/answers.js';
import { changeContextOf } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import { listAnswer } from '../../../lib/pagination.js';
import type { TripCombineService } from './trip-combine-service.js';
import type { TripService } from './trip-service.js';

/** The moves that need nothing but the office's word; a cancellation needs its reason (its own route below). */
const PLAIN_MOVES = ['start', 'complete'] as const satisfies readonly TripMove[];
const MOVE_MESSAGES: Record<(typeof PLAIN_MOVES)[number], string> = {
  start: 'Trip started.',
  complete: 'Trip completed.',
};

/** Trips are generated, listed, read and moved through their statuses; never created or edited by hand. */
export function tripRoutes(tripService: TripService, locale: string, combines: TripCombineService) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['trips'];

    routes.get(
      '/trips/get-all',
      {
        config: { access: 'office-read' },
        schema: { tags, querystring: tripListQuerySchema, response: { 200: pageAnswerSchema(tripSchema) } },
      },
      async (request) => {
        const { rows, total } = await tripService.list(request.query);
        return listAnswer(rows, total, request.query);
      },
    );

    routes.get(
      '/trips/get-one/:id',
      {
        config: { access: 'office-read' },
        schema: { tags, params: idParamsSchema, response: { 200: answerSchema(tripDetailsSchema) } },
      },
      async (request) => success(await tripService.get(request.params.id)),
    );

    routes.post(
      '/trips/generate',
      {
        schema: {
          tags,
          body: generateTripsSchema,
          response: { 200: answerSchema(generateTripsAnswerSchema) },
        },
      },
      async (request) => {
        const answer = await tripService.generate(request.body.date, changeContextOf(request));
        return success(
          answer,
          `${answer.created} trips generated for ${dayInLocale(answer.date, locale)}; ${answer.existing} already existed.`,
        );
      },
    );

    const moveParams = idParamsSchema.extend({ move: z.enum(PLAIN_MOVES) });
    routes.post(
      '/trips/:move/:id',
      {
        config: { access: 'dispatch' },
        schema: {
          tags,
          params: moveParams,
          body: officeStartSchema,
          response: {
            200: answerSchema(tripSchema),
            ...errorAnswers({
              409: 'The trip’s status does not allow this move, or an expired credential blocks its start',
            }),
          },
        },
      },
      async (request) => {
        const { move, id } = request.params;
        const overrideReason = move === 'start' ? request.body?.overrideReason : undefined;
        return success(
          await tripService.move(id, move, changeContextOf(request), { overrideReason }),
          MOVE_MESSAGES[move],
        );
      },
    );

    routes.post(
      '/trips/cancel/:id',
      {
        config: { access: 'dispatch' },
        schema: {
          tags,
          params: idParamsSchema,
          body: cancelTripSchema,
          response: {
            200: answerSchema(tripSchema),
            ...errorAnswers({ 409: 'The trip has finished or was cancelled already' }),
          },
        },
      },
      async (request) =>
        success(
          await tripService.move(request.params.id, 'cancel', changeContextOf(request), {
            cancelReason: request.body.reason,
          }),
          'Trip cancelled; the parents of its children are told why.',
        ),
    );

    routes.post(
      '/trips/delay/:id',
      {
        config: { access: 'dispatch' },
        schema: {
          tags,
          params: idParamsSchema,
          body: delayTripSchema,
          response: {
            200: answerSchema(tripSchema),
            ...errorAnswers({ 409: 'The trip has ended, or is of a past day' }),
          },
        },
      },
      async (request) => {
        const trip = await tripService.delay(request.params.id, request.body, changeContextOf(request));
        return success(
          trip,
          trip.delay ? `Trip marked ${trip.delay.minutes} minutes late.` : 'Trip marked on time again.',
        );
      },
    );

    routes.post(
      '/trips/rescue/:id',
      {
        config: { access: 'dispatch' },
        schema: {
          tags,
          params: idParamsSchema,
          body: rescueTripSchema,
          response: {
            200: answerSchema(rescueAnswerSchema),
            ...errorAnswers({
              404: 'No such trip, driver or vehicle',
              409: 'The trip is not running, or the rescue driver or vehicle is busy, too small or blocked',
            }),
          },
        },
      },
      async (request) => {
        const answer = await tripService.rescue(request.params.id, request.body, changeContextOf(request));
        return success(
          answer,
          `Rescue trip started with ${answer.childrenHandedOver} children on board; the original trip ended, handed over.`,
        );
      },
    );

    // Combined runs (decision 061): the joined trip's id in the address, the host's in the body.
    routes.post(
      '/trips/combine/:id',
      {
        config: { access: 'dispatch' },
        schema: {
          tags,
          params: idParamsSchema,
          body: combineTripSchema,
          response: {
            200: answerSchema(tripCombinesSchema),
            ...errorAnswers({
              404: 'No such trip',
              409: 'Not two pending runs of the same day and run, or the host bus has too few seats',
            }),
          },
        },
      },
      async (request) =>
        success(
          await combines.combine(request.params.id, request.body, changeContextOf(request)),
          'Runs combined; the joined run is cancelled and the parents of both are told.',
        ),
    );

    routes.get(
      '/trips/combined/:id',
      {
        config: { access: 'office-read' },
        schema: { tags, params: idParamsSchema, response: { 200: answerSchema(tripCombinesSchema) } },
      },
      async (request) => success(await combines.combines(request.params.id)),
    );

    routes.put(
      '/trips/combine/:id/order',
      {
        config: { access: 'dispatch' },
        schema: {
          tags,
          params: idParamsSchema,
          body: orderTripStopsSchema,
          response: {
            200: answerSchema(tripCombinesSchema),
            ...errorAnswers({ 404: 'No such combined run', 409: 'The host run has started' }),
          },
        },
      },
      async (request) =>
        success(
          await combines.reorder(request.params.id, request.body.positions, changeContextOf(request)),
          'Stops re-ordered.',
        ),
    );

    routes.delete(
      '/trips/combine/:id',
      {
        config: { access: 'dispatch' },
        schema: {
          tags,
          params: idParamsSchema,
          response: {
            200: answerSchema(tripCombinesSchema),
            ...errorAnswers({ 404: 'No such combined run', 409: 'The host run has started' }),
          },
        },
      },
      async (request) =>
        success(
          await combines.undo(request.params.id, changeContextOf(request)),
          'Combine undone; the joined run runs with its own bus again.',
        ),
    );
  };
}
