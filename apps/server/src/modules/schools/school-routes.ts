import { schoolInputSchema, schoolSchema } from '@school-transport/shared';
import { resourceRoutes } from '../resources/resource-routes.js';
import type { SchoolService } from './school-service.js';

/** /api/schools/… */
export const schoolRoutes = (service: SchoolService) =>
  resourceRoutes({
    path: 'schools',
    label: 'School',
    inputSchema: schoolInputSchema,
    answerSchema: schoolSchema,
    service,
  });
