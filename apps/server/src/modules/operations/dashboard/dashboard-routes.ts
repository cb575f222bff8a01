import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerSchema, dashboardSummarySchema } from '@school-transport/shared';
import type { Database } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { success } from '../../../lib/envelope.js';
import { createDashboardService } from './dashboard-service.js';

export function dashboardRoutes(db: Database, clock: Clock, timeZone: string) {
  const dashboard = createDashboardService({ db, clock, timeZone });
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/dashboard/summary',
      {
        config: { access: 'office-read' },
        schema: { tags: ['dashboard'], response: { 200: answerSchema(dashboardSummarySchema) } },
      },
      async () => success(await dashboard.summary()),
    );
  };
}
