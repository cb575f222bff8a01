import type { OperationsWing } from '../operations/wing.js';
import type { PlatformWing, SharedServices, WingRoutes } from '../platform/wing.js';
import type { RecordsWing } from '../records/wing.js';
import { createDriverAppService, driverAppRoutes } from './driver-app/index.js';
import {
  createParentHandOver,
  createParentFamilyInbox,
  createParentLiveScopes,
  createParentPortalService,
  createParentStopChanges,
  parentHandOverRoutes,
  parentPortalRoutes,
} from './parent-portal/index.js';
import { createSchoolStaffService, schoolStaffRoutes } from './school-staff/index.js';

/** The apps wing: the driver's app, the parents' portal and school staff's view, each over the wings below. */
export function appsWing(
  { config, db, clock }: SharedServices,
  { services: platform }: PlatformWing,
  { services: operations }: OperationsWing,
  { services: records }: RecordsWing,
) {
  const { timeZone } = config;
  const { live, alerts, compliance, absences, board, stopChanges, familyInbox } = operations;
  const driverApp = createDriverAppService({
    db,
    clock,
    timeZone,
    studentsOf: records.students.ofAssignment,
    studentsByIds: records.students.byIds,
    live,
    alerts,
    compliance,
    urls: platform.urls,
    handOver: operations.handOver,
    storage: platform.storage,
  });
  const parentPortalDeps = {
    db,
    clock,
    timeZone,
    absences,
    board,
    urls: platform.urls,
    absenceCutoffMinutes: config.parentPortal.absenceCutoffMinutes,
    officePhone: config.parentPortal.officePhone,
    handOver: operations.handOver,
  };
  const parentPortal = createParentPortalService(parentPortalDeps);
  const parentStopChanges = createParentStopChanges({ ...parentPortalDeps, stopChanges });
  const parentFamilyInbox = createParentFamilyInbox({ db, familyInbox });
  const parentScope = createParentLiveScopes({ db, clock, timeZone });
  const parentHandOver = createParentHandOver({ db, handOver: operations.handOver });

  const routes: WingRoutes = [
    driverAppRoutes(driverApp),
    parentPortalRoutes(
      parentPortal,
      parentStopChanges,
      records.planChanges,
      parentFamilyInbox,
      records.guardians,
    ),
    parentHandOverRoutes(parentHandOver, { storage: platform.storage, urls: platform.urls }),
    schoolStaffRoutes(createSchoolStaffService({ db, clock, timeZone })),
  ];
  return { services: { parentScope }, routes, jobs: {} };
}
export type AppsWing = ReturnType<typeof appsWing>;
