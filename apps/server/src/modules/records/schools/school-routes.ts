import { schoolInputSchema, schoolListQuerySchema, schoolSchema } from '@school-transport/shared';
import { resourceRoutes } from '../../platform/resources/index.js';
import type { SchoolService } from './school-service.js';

/** /api/schools/… */
export const schoolRoutes = (service: SchoolService) =>
  resourceRoutes({
    path: 'schools',
    label: 'School',
    inputSchema: schoolInputSchema,
    listQuerySchema: schoolListQuerySchema,
    answerSchema: schoolSchema,
    service,
  });
