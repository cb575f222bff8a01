import type { OperationsWing } from '../operations/wing.js';
import { uploadRoutes } from '../platform/uploads/index.js';
import type { PlatformWing, SharedServices, WingRoutes } from '../platform/wing.js';
import { assignmentRoutes, createAssignmentService } from './assignments/index.js';
import { busRouteRoutes, createBusRouteService } from './bus-routes/index.js';
import { createDriverService, driverRoutes } from './drivers/index.js';
import { exportRoutes } from './exports/index.js';
import {
  createGuardianService,
  createParentService,
  createStudentService,
  familyRoutes,
  guardianRoutes,
} from './families/index.js';
import { createGeocodingService, geocodingRoutes } from './geocoding/index.js';
import { createImportService, importRoutes } from './imports/index.js';
import { createPlanChangeService, planChangeRoutes } from './plan-changes/index.js';
import { createPlannerService, createPlanRunner, plannerRoutes } from './planner/index.js';
import { createReportsService, reportRoutes } from './reports/index.js';
import { createRosterSyncService, rosterSyncRoutes } from './roster-sync/index.js';
import { createSchoolService, schoolRoutes } from './schools/index.js';
import { createScheduleService, createStopService, stopRoutes } from './stops/index.js';
import { createVehicleService, vehicleRoutes } from './vehicles/index.js';

/**
 * The records wing: what the office keeps and plans. Drivers, vehicles, routes and their stops, schools, families,
 * assignments; reports, exports and imports; the route planner and its threads.
 */
export function recordsWing(
  { config, database, db, clock, log }: SharedServices,
  { services: platform }: PlatformWing,
  { services: operations }: OperationsWing,
) {
  const { timeZone } = config;
  const { storage, urls, authenticator } = platform;
  const drivers = createDriverService({ db, urls, storage, clock });
  const vehicles = createVehicleService({ db, urls, storage });
  const busRoutes = createBusRouteService({ db });
  const stops = createStopService({ db, urls, storage });
  const schools = createSchoolService({ db });
  // The one announcer of changes to children's standing plans, handed to every writer of seats, stops and runs.
  const planChanges = createPlanChangeService({
    db,
    clock,
    timeZone,
    notifications: operations.notificationDispatcher,
  });
  const schedules = createScheduleService({ db, stops, plans: planChanges });
  // Home addresses placed by the operator's geocoder, if any (decision 072).
  const geocoding = createGeocodingService({
    db,
    settings: config.geocoder,
    userAgent: `SchoolRide (school transport; ${config.publicUrl})`,
    log,
  });
  const students = createStudentService({ db, urls, storage, geocoding });
  const parents = createParentService({ db, urls, storage, students, clock });
  const guardians = createGuardianService({
    db,
    clock,
    parents,
    invite: (parentId, context) => platform.roleAccounts.invite('parent', parentId, context),
  });
  const assignments = createAssignmentService({
    db,
    getDriver: drivers.get,
    getVehicle: vehicles.get,
    getBusRoute: busRoutes.get,
    studentsOf: students.ofAssignment,
    compliance: operations.compliance,
    plans: planChanges,
  });
  const reports = createReportsService({
    db,
    copyCsv: database.copyCsv,
    clock,
    timeZone,
    onTimeMinutes: config.reports.onTimeMinutes,
  });
  // The planning threads of this process: app.ts ends them before the database closes, their jobs marked FAILED.
  const planRunner = createPlanRunner({
    db,
    clock,
    // One router cache per process, passed from job to job: a second plan of the same school asks nothing new.
    roads: config.routing.url ? { url: config.routing.url } : null,
    memoryMb: config.planner.memoryMb,
    log,
  });
  const planner = createPlannerService({
    db,
    clock,
    timeZone,
    runner: planRunner,
    travel: { detourFactor: config.routing.detourFactor, speedKmh: config.routing.averageSpeedKmh },
    rules: config.planner,
    plans: planChanges,
  });
  // Imports and roster sync leave new children's addresses to the geocoding job, woken after their commit.
  const geocoderJob = {
    configured: geocoding.configured,
    wake: platform.jobRunner.waker('address-geocoding'),
  };
  const imports = createImportService({
    db,
    clock,
    timeZone,
    acrossProcesses: database.kind === 'postgres',
    geocoding: geocoderJob,
  });
  const rosterSync = createRosterSyncService({
    db,
    clock,
    timeZone,
    acrossProcesses: database.kind === 'postgres',
    geocoding: geocoderJob,
  });

  const routes: WingRoutes = [
    driverRoutes(drivers),
    vehicleRoutes(vehicles),
    busRouteRoutes(busRoutes),
    stopRoutes(stops, schedules),
    schoolRoutes(schools),
    familyRoutes(parents, students),
    guardianRoutes(guardians),
    assignmentRoutes(assignments),
    reportRoutes(reports, db),
    plannerRoutes(planner),
    planChangeRoutes(planChanges),
    // Profile images (platform's uploads) of this wing's people, vehicles and stops.
    uploadRoutes({
      targets: {
        driver: drivers,
        parent: parents,
        student: students,
        vehicle: vehicles,
        stop: stops,
        'authorized-adult': operations.handOver,
      },
      storage,
      urls,
      authenticator,
    }),
    exportRoutes({ db, clock, timeZone }),
    importRoutes(imports),
    rosterSyncRoutes(rosterSync),
    geocodingRoutes(geocoding),
  ];
  return {
    services: { students, guardians, planRunner, planChanges },
    routes,
    jobs: {
      rosterSync: () => rosterSync.scheduled(),
      addressGeocoding: async () => geocoding.placePending(),
    },
  };
}
export type RecordsWing = ReturnType<typeof recordsWing>;
