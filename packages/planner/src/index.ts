export type { RoutingProblem, Solution, SolveOptions, SolveProgress } from './solver/problem.js';
export { solve } from './solver/solve.js';
export type { BenchmarkInstance } from './formats/benchmark-instance.js';
export { FormatError } from './formats/benchmark-instance.js';
export { parseCvrplib } from './formats/cvrplib.js';
export { parseSolomon } from './formats/solomon.js';
export { benchmarkProblem } from './formats/to-problem.js';
export { greatCircleMetres, METRES_PER_DEGREE_LATITUDE, type Point } from './school/geo.js';
export {
  straightLineTable,
  straightLineModel,
  dwellSeconds,
  DEFAULT_STRAIGHT_LINE,
  DEFAULT_DWELL,
  type TravelTable,
  type TravelModel,
  type StraightLineSettings,
  type DwellSettings,
} from './school/travel-model.js';
export {
  groupStops,
  DEFAULT_STOP_GROUPING,
  type ChildHome,
  type ExistingStop,
  type GroupedStop,
  type StopGroupingSettings,
} from './school/group-stops.js';
export {
  buildMorningProblem,
  morningRuns,
  afternoonRuns,
  summarisePlan,
  runPoints,
  localDateTime,
  DEFAULT_RUN_SETTINGS,
  type School,
  type Fleet,
  type RunSettings,
  type SchoolRunInput,
  type Run,
  type RunStop,
  type ChildRide,
  type PlanSummary,
} from './school/school-runs.js';
export {
  osrmTravelModel,
  TravelCache,
  type TravelCacheSnapshot,
  RouterError,
  DEFAULT_OSRM_PROFILE,
  DEFAULT_MAX_TABLE_SIZE,
  DEFAULT_ROUTER_TIMEOUT_MS,
  DEFAULT_MAX_ANSWER_BYTES,
  readLimitedText,
  AnswerTooLarge,
  DEFAULT_CACHE_PAIRS,
  type OsrmSettings,
} from './school/osrm-travel-model.js';
