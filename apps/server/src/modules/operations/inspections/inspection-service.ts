import type { InspectionServiceDeps } from './inspection-deps.js';
import { driverVehicles, recordChildCheck, submitInspection } from './driver-inspections.js';
import {
  changeChecklist,
  checklists,
  closeOpenDefect,
  createChecklist,
  fixTag,
  inspectionsOfVehicle,
  openDefectsOfFleet,
  removeChecklist,
} from './office-inspections.js';

export type { InspectionServiceDeps } from './inspection-deps.js';

/**
 * Pre-trip inspections, their defects and the child check after the last trip: the driver's side
 * (driver-inspections.ts) and the office's (office-inspections.ts), each operation bound to the service's deps.
 */
export function createInspectionService(deps: InspectionServiceDeps) {
  return {
    // ---- The driver ----
    driverVehicles: driverVehicles.bind(null, deps),
    submit: submitInspection.bind(null, deps),
    childCheck: recordChildCheck.bind(null, deps),

    // ---- The office ----
    checklists: checklists.bind(null, deps),
    createChecklist: createChecklist.bind(null, deps),
    updateChecklist: changeChecklist.bind(null, deps),
    deleteChecklist: removeChecklist.bind(null, deps),
    openDefects: openDefectsOfFleet.bind(null, deps),
    ofVehicle: inspectionsOfVehicle.bind(null, deps),
    closeDefect: closeOpenDefect.bind(null, deps),
    setTag: fixTag.bind(null, deps),
  };
}
export type InspectionService = ReturnType<typeof createInspectionService>;
