import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerSchema,
  DISTANCE_SOURCE_WORDS,
  depotInputSchema,
  depotSchema,
  driverFieldTripSchema,
  fieldTripApproveSchema,
  fieldTripAvailabilitySchema,
  fieldTripChildSchema,
  fieldTripChildSearchSchema,
  fieldTripChildrenInputSchema,
  fieldTripCompleteSchema,
  fieldTripInputSchema,
  fieldTripListQuerySchema,
  fieldTripNoticeSchema,
  fieldTripRateInputSchema,
  fieldTripRateSchema,
  fieldTripReasonSchema,
  fieldTripScheduleSchema,
  fieldTripSchema,
  idParamsSchema,
  invoiceQuerySchema,
  invoiceSchema,
  vehicleTypeParamsSchema,
} from '@school-transport/shared';
import { csvAnswer, errorAnswers } from '../../../lib/answers.js';
import { changeContextOf } from '../../../lib/change-context.js';
import type { Database } from '../../../db/client.js';
import { csvStream, sendCsv, type RowCounter } from '../../../lib/csv.js';
import { success } from '../../../lib/envelope.js';
import { requireAuth } from '../../../plugins/authentication.js';
import { auditExport } from '../../platform/audit/index.js';
import type { FieldTripService } from './field-trip-service.js';

/**
 * Field trips (/api/field-trips, decisions 073 and 069). The requests' reads (list, one) and one's notices are
 * every staff role's ('staff'): the office sees every request, school staff their own schools' (`maySee`,
 * field-trip-access.ts). Asking for a trip is administrators' and school staff's ('request'; school staff for one of
 * their schools). The office's other reads (availability, rates, depot, invoices) are 'office-read'; its writes
 * (approve, decline, cancel, schedule, complete, rates, depot) stay administrators'. A driver reads the field trip
 * of their own bus.
 */
export function fieldTripRoutes(fieldTrips: FieldTripService, db: Database) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['field trips'];
    const requester = { access: 'staff' as const };
    const office = { access: 'admin' as const };
    const officeRead = { access: 'office-read' as const };
    const one = { 200: answerSchema(fieldTripSchema), ...errorAnswers({ 404: 'No such field trip' }) };
    const move = { ...one, ...errorAnswers({ 409: 'The field trip is not in a state that allows it' }) };
    const viewer = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user;

    routes.get(
      '/field-trips/get-all',
      {
        config: requester,
        schema: {
          tags,
          querystring: fieldTripListQuerySchema,
          response: { 200: answerSchema(z.array(fieldTripSchema)) },
        },
      },
      async (request) => success(await fieldTrips.list(request.query, viewer(request))),
    );

    routes.get(
      '/field-trips/get-one/:id',
      { config: requester, schema: { tags, params: idParamsSchema, response: one } },
      async (request) => success(await fieldTrips.get(request.params.id, viewer(request))),
    );

    routes.post(
      '/field-trips/create',
      { config: { access: 'request' as const }, schema: { tags, body: fieldTripInputSchema, response: one } },
      async (request) =>
        success(
          await fieldTrips.create(request.body, {
            ...changeContextOf(request),
            actorName: viewer(request).name,
            actorRole: viewer(request).role,
          }),
          'Field trip requested.',
        ),
    );

    routes.get(
      '/field-trips/notices',
      {
        config: requester,
        schema: { tags, response: { 200: answerSchema(z.array(fieldTripNoticeSchema)) } },
      },
      async (request) => success(await fieldTrips.notices(viewer(request).id)),
    );

    routes.post(
      '/field-trips/approve/:id',
      {
        config: office,
        schema: { tags, params: idParamsSchema, body: fieldTripApproveSchema, response: move },
      },
      async (request) =>
        success(
          await fieldTrips.approve(request.params.id, request.body, changeContextOf(request)),
          'Approved.',
        ),
    );

    routes.post(
      '/field-trips/decline/:id',
      {
        config: office,
        schema: { tags, params: idParamsSchema, body: fieldTripReasonSchema, response: move },
      },
      async (request) =>
        success(
          await fieldTrips.decline(request.params.id, request.body.reason, changeContextOf(request)),
          'Declined.',
        ),
    );

    routes.post(
      '/field-trips/cancel/:id',
      {
        config: office,
        schema: { tags, params: idParamsSchema, body: fieldTripReasonSchema, response: move },
      },
      async (request) =>
        success(
          await fieldTrips.cancel(request.params.id, request.body.reason, changeContextOf(request)),
          'Cancelled.',
        ),
    );

    routes.get(
      '/field-trips/availability/:id',
      {
        config: officeRead,
        schema: {
          tags,
          params: idParamsSchema,
          response: {
            200: answerSchema(fieldTripAvailabilitySchema),
            ...errorAnswers({ 404: 'No such field trip' }),
          },
        },
      },
      async (request) => success(await fieldTrips.availability(request.params.id)),
    );

    routes.post(
      '/field-trips/schedule/:id',
      {
        config: office,
        schema: {
          tags,
          params: idParamsSchema,
          body: fieldTripScheduleSchema,
          response: {
            ...move,
            ...errorAnswers({
              409: 'A driver or vehicle is not free (or was just booked), seats or wheelchair places are too few, or a credential is not valid that day',
            }),
          },
        },
      },
      async (request) =>
        success(
          await fieldTrips.schedule(request.params.id, request.body, changeContextOf(request)),
          'Scheduled.',
        ),
    );

    routes.post(
      '/field-trips/complete/:id',
      {
        config: office,
        schema: { tags, params: idParamsSchema, body: fieldTripCompleteSchema, response: move },
      },
      async (request) =>
        success(
          await fieldTrips.complete(request.params.id, request.body, changeContextOf(request)),
          'Completed.',
        ),
    );

    routes.get(
      '/field-trips/rates',
      { config: officeRead, schema: { tags, response: { 200: answerSchema(z.array(fieldTripRateSchema)) } } },
      async () => success(await fieldTrips.rates()),
    );

    routes.put(
      '/field-trips/rates',
      {
        config: office,
        schema: {
          tags,
          body: fieldTripRateInputSchema,
          response: { 200: answerSchema(fieldTripRateSchema) },
        },
      },
      async (request) =>
        success(await fieldTrips.saveRate(request.body, changeContextOf(request)), 'Rate saved.'),
    );

    routes.delete(
      '/field-trips/rates/:vehicleType',
      {
        config: office,
        schema: {
          tags,
          params: vehicleTypeParamsSchema,
          response: { 200: answerSchema(z.null()), ...errorAnswers({ 404: 'No such rate' }) },
        },
      },
      async (request) => {
        await fieldTrips.removeRate(request.params.vehicleType, changeContextOf(request));
        return success(null, 'Rate deleted.');
      },
    );

    routes.get(
      '/field-trips/depot',
      { config: officeRead, schema: { tags, response: { 200: answerSchema(depotSchema) } } },
      async () => success(await fieldTrips.depot()),
    );

    routes.put(
      '/field-trips/depot',
      {
        config: office,
        schema: { tags, body: depotInputSchema, response: { 200: answerSchema(depotSchema.unwrap()) } },
      },
      async (request) =>
        success(await fieldTrips.saveDepot(request.body, changeContextOf(request)), 'Depot saved.'),
    );

    routes.get(
      '/field-trips/invoice',
      {
        config: officeRead,
        schema: {
          tags,
          querystring: invoiceQuerySchema,
          response: { 200: answerSchema(invoiceSchema), ...errorAnswers({ 404: 'No such school' }) },
        },
      },
      async (request) => success(await fieldTrips.invoice(request.query)),
    );

    routes.get(
      '/field-trips/invoice/csv',
      {
        config: officeRead,
        schema: {
          tags,
          querystring: invoiceQuerySchema,
          response: { 200: csvAnswer('The invoice’s lines and total') },
        },
      },
      async (request, reply) => {
        const invoice = await fieldTrips.invoice(request.query);
        type Line = {
          date: string;
          destination: string;
          hours: number | string;
          km: number | string;
          kmSource: string;
          amount: number;
        };
        const rows: Line[] = [
          ...invoice.lines.map((line) => ({
            ...line,
            kmSource: line.kmSource ? DISTANCE_SOURCE_WORDS[line.kmSource] : '',
          })),
          { date: '', destination: 'Total', hours: '', km: '', kmSource: '', amount: invoice.total },
        ];
        const counter: RowCounter = { rows: 0 };
        const stream = csvStream<Line>(
          [
            { header: 'Date', value: (row) => row.date },
            { header: 'Destination', value: (row) => row.destination },
            { header: 'Hours', value: (row) => row.hours },
            { header: 'Km', value: (row) => row.km },
            { header: 'Km source', value: (row) => row.kmSource },
            { header: 'Amount', value: (row) => row.amount.toFixed(2) },
          ],
          (async function* () {
            yield* rows;
          })(),
          counter,
        );
        return sendCsv(
          reply,
          `invoice-${invoice.school.name}-${invoice.dateFrom}-${invoice.dateTo}.csv`,
          // Each download is audited like every export the office's readers may take (decision 069).
          auditExport(db, request, stream, {
            list: 'field-trips/invoice',
            query: request.query as Record<string, unknown>,
            counter,
          }),
        );
      },
    );

    // The children attached (decision 078): read by whoever sees the trip; attached by the office's administrators
    // and the trip's school's staff ('request', scoped to their schools by the handler).
    const children = {
      200: answerSchema(z.array(fieldTripChildSchema)),
      ...errorAnswers({ 404: 'No such field trip' }),
    };
    routes.get(
      '/field-trips/children/:id',
      { config: requester, schema: { tags, params: idParamsSchema, response: children } },
      async (request) => success(await fieldTrips.children(request.params.id, viewer(request))),
    );

    routes.get(
      '/field-trips/child-candidates/:id',
      {
        config: { access: 'request' as const },
        schema: { tags, params: idParamsSchema, querystring: fieldTripChildSearchSchema, response: children },
      },
      async (request) =>
        success(await fieldTrips.childCandidates(request.params.id, request.query.search, viewer(request))),
    );

    routes.put(
      '/field-trips/children/:id',
      {
        config: { access: 'request' as const },
        schema: {
          tags,
          params: idParamsSchema,
          body: fieldTripChildrenInputSchema,
          response: {
            ...children,
            ...errorAnswers({ 409: 'The trip has run, is closed, or a bus has set off' }),
          },
        },
      },
      async (request) =>
        success(
          await fieldTrips.setChildren(request.params.id, request.body, {
            ...changeContextOf(request),
            actorRole: viewer(request).role,
          }),
          'Children saved.',
        ),
    );

    routes.get(
      '/field-trips/driver/:id',
      {
        config: { access: 'driver' as const },
        schema: {
          tags,
          params: idParamsSchema,
          response: {
            200: answerSchema(driverFieldTripSchema),
            ...errorAnswers({ 404: 'Not a field trip of yours' }),
          },
        },
      },
      async (request) => success(await fieldTrips.forDriver(viewer(request).id, request.params.id)),
    );
  };
}
