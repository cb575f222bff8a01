/** The calendar module's front door: what the rest of the server may use of it. */
export { absentStudentIds } from './absence-queries.js';
export { absenceForParent, createAbsenceService } from './absence-service.js';
export type { AbsenceService } from './absence-service.js';
export { calendarRoutes } from './calendar-routes.js';
export { createCalendarService, schoolDaysBetween } from './calendar-service.js';
export { tripsAheadJob } from './trips-ahead-job.js';
