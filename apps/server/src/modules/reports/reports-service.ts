import {
  CREDENTIAL_SUBJECT_LABELS,
  type ReportCell,
  type ReportColumn,
  type ReportColumnKind,
  REPORT_PAGE_SIZE,
  type ReportId,
  type ReportQuery,
  type ReportRange,
  type ReportTable,
  type RouteManifest,
  type RouteManifestQuery,
} from '@school-transport/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database, type Executor } from '../../db/client.js';
import type { CsvColumn } from '../../lib/csv.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { zonedDate } from '../../lib/zoned-time.js';
import {
  exceptionsByRoute,
  expiringCredentials,
  manifestChildren,
  manifestHead,
  manifestStops,
  onTimeStatement,
  openDefects,
  orderedRows,
  ridershipByDay,
  ridershipByRoute,
  ridershipByStop,
  vehicleUse,
  withReportMemory,
  type ExceptionRow,
  type ExpiringCredentialRow,
  type ManifestChildRow,
  type OnTimeRow,
  type OpenDefectRow,
  type ReportStatement,
  type RidershipDayRow,
  type RidershipRouteRow,
  type RidershipStopRow,
  type VehicleUseRow,
} from './reports-queries.js';
import { cursorRows } from './report-cursor.js';

type Row = Record<string, ReportCell>;

/** What a report needs besides its range. */
interface ReportContext {
  db: Executor;
  range: ReportRange;
  today: string;
  onTimeMinutes: number;
  timeZone: string;
}

/**
 * A report: its title, columns (the table's and the CSV's, in order), its statement and how a row of it reads.
 * A paged report ranks its rows (`rank`, over the statement's columns as `q`, ending on its key so that pages never
 * overlap) as its chart does, and its CSV holds every row in that order: page 1 is the CSV's first rows.
 */
interface ReportDefinition<Source = never> {
  title: (context: ReportContext) => string;
  columns: ReportColumn[];
  statement: (context: ReportContext) => ReportStatement | Promise<ReportStatement>;
  row: (row: Source) => Row;
  rank?: { order: SQL; label: string };
  /** Planner settings for this report's transaction (`set local …`), set before its statement is built. */
  planner?: SQL[];
}
// Each report reads its own row type; the map below only needs them to agree within one definition.
const define = <Source>(definition: ReportDefinition<Source>) =>
  definition as unknown as ReportDefinition<Record<string, unknown>>;

const column = (key: string, label: string, kind: ReportColumnKind = 'number'): ReportColumn => ({
  key,
  label,
  kind,
});

/**
 * Ridership per stop sums a month of week and day rollup rows per stop and run (1.2M rows at a million children).
 * The planner cannot know how many stops that `union all` groups into and guesses 200, so it looked each stop's
 * name up by index, 100k times, instead of hashing the stops once: about 300 ms more (decision 047). Only there:
 * on time per stop's plan hashes its names already, and its fallback over the trips' stops wants nested loops.
 */
const NAMES_BY_HASH = sql`set local enable_nestloop = off`;

/**
 * Both per-stop reports hash a month of rollup rows (about 600k at a million children) into 100k stops; their
 * estimated cost, which counts the gated branch of each edge that is not taken (decision 048), is past
 * `jit_inline_above_cost` and `jit_optimize_above_cost` (500,000), and compiling took 450–660 ms of a 1.4–2.2 s
 * statement that ran in 0.9–1.5 s without it (decision 048). JIT never repaid itself on these statements.
 */
const NO_JIT = sql`set local jit = off`;

/** Children whose pickup and drop point is their own home rather than a stop, in the stop report. */
export const AT_HOME = 'At home (no stop)';

const onTimeColumns = (first: ReportColumn) => [
  first,
  column('trips', 'Trips'),
  column('stops', 'Stop arrivals'),
  column('onTime', 'On time'),
  column('early', 'Early'),
  column('late', 'Late'),
  column('onTimePct', 'On time %', 'percent'),
  column('averageDelayMin', 'Average delay (min)'),
];

const onTimeRow = (row: OnTimeRow, nameKey: string): Row => ({
  [nameKey]: row.name,
  trips: row.trips,
  stops: row.stops,
  onTime: row.on_time,
  early: row.early,
  late: row.late,
  onTimePct: row.on_time_pct,
  averageDelayMin: row.average_delay_min,
});

/**
 * Every report. A stop arrival is on time within
 * ±REPORT_ON_TIME_MINUTES of its planned time; ridership counts the scans of trips that were not cancelled.
 */
const REPORTS: Record<ReportId, ReportDefinition<Record<string, unknown>>> = {
  'on-time-routes': define<OnTimeRow>({
    title: ({ onTimeMinutes }) => `On-time performance per route (±${onTimeMinutes} min)`,
    columns: onTimeColumns(column('route', 'Route', 'text')),
    statement: ({ db, range, onTimeMinutes }) => onTimeStatement(db, range, onTimeMinutes, 'route'),
    row: (row) => onTimeRow(row, 'route'),
  }),
  'on-time-stops': define<OnTimeRow>({
    title: ({ onTimeMinutes }) => `On-time performance per stop (±${onTimeMinutes} min)`,
    columns: onTimeColumns(column('stop', 'Stop', 'text')),
    statement: ({ db, range, onTimeMinutes }) => onTimeStatement(db, range, onTimeMinutes, 'stop'),
    row: (row) => onTimeRow(row, 'stop'),
    rank: { order: sql`q.on_time_pct, q.name, q.key`, label: 'least on time first' },
    planner: [NO_JIT],
  }),
  'ridership-routes': define<RidershipRouteRow>({
    title: () => 'Ridership per route',
    columns: [
      column('route', 'Route', 'text'),
      column('trips', 'Trips'),
      column('boardings', 'Boardings'),
      column('alightings', 'Alightings'),
      column('noShows', 'No-shows'),
      column('boardingsPerTrip', 'Boardings per trip'),
    ],
    statement: ({ range }) => ridershipByRoute(range),
    row: (row) => ({
      route: row.name,
      trips: row.trips,
      boardings: row.boardings,
      alightings: row.alightings,
      noShows: row.no_shows,
      boardingsPerTrip: row.boardings_per_trip,
    }),
  }),
  'ridership-stops': define<RidershipStopRow>({
    title: () => 'Ridership per stop',
    columns: [
      column('stop', 'Stop', 'text'),
      column('pickups', 'Picked up'),
      column('dropOffs', 'Dropped off'),
    ],
    statement: ({ range }) => ridershipByStop(range, AT_HOME),
    row: (row) => ({ stop: row.name, pickups: row.pickups, dropOffs: row.drop_offs }),
    rank: { order: sql`q.pickups desc, q.name, q.key`, label: 'most picked up first' },
    planner: [NAMES_BY_HASH, NO_JIT],
  }),
  'ridership-days': define<RidershipDayRow>({
    title: () => 'Ridership per day',
    columns: [
      column('day', 'Day', 'date'),
      column('trips', 'Trips'),
      column('boardings', 'Boardings'),
      column('noShows', 'No-shows'),
    ],
    statement: ({ range }) => ridershipByDay(range),
    row: (row) => ({
      day: row.day,
      trips: row.trips,
      boardings: row.boardings,
      noShows: row.no_shows,
    }),
  }),
  exceptions: define<ExceptionRow>({
    title: () => 'No-shows and wrong-bus scans per route',
    columns: [
      column('route', 'Route', 'text'),
      column('noShows', 'No-shows'),
      column('wrongBus', 'Wrong-bus scans'),
      column('unknownTags', 'Unknown tags'),
    ],
    statement: ({ range }) => exceptionsByRoute(range),
    row: (row) => ({
      route: row.name,
      noShows: row.no_shows,
      wrongBus: row.wrong_bus,
      unknownTags: row.unknown_tags,
    }),
  }),
  'vehicle-use': define<VehicleUseRow>({
    title: () => 'Vehicle use',
    columns: [
      column('vehicle', 'Vehicle', 'text'),
      column('trips', 'Trips'),
      column('days', 'Days in use'),
      column('km', 'Distance (km)'),
    ],
    statement: ({ range }) => vehicleUse(range),
    row: (row) => ({ vehicle: row.plate, trips: row.trips, days: row.days, km: row.km }),
  }),
  'expiring-credentials': define<ExpiringCredentialRow>({
    title: ({ range }) => `Credentials expired or expiring by ${range.to}`,
    columns: [
      column('holderType', 'Holder type', 'text'),
      column('holder', 'Holder', 'text'),
      column('kind', 'Credential', 'text'),
      column('number', 'Number', 'text'),
      column('expiresOn', 'Expires on', 'date'),
      column('daysLeft', 'Days left'),
      column('blocks', 'Blocks when expired', 'boolean'),
    ],
    statement: ({ range, today }) => expiringCredentials(range.to, today),
    row: (row) => ({
      holderType: CREDENTIAL_SUBJECT_LABELS[row.holder_type],
      holder: row.holder,
      kind: row.kind,
      number: row.number,
      expiresOn: row.expires_on,
      daysLeft: row.days_left,
      blocks: row.blocks,
    }),
  }),
  'open-defects': define<OpenDefectRow>({
    title: ({ range }) => `Defects found by ${range.to} and still open`,
    columns: [
      column('vehicle', 'Vehicle', 'text'),
      column('item', 'Item', 'text'),
      column('note', 'Note', 'text'),
      column('outOfService', 'Out of service', 'boolean'),
      column('openedOn', 'Found on', 'date'),
      column('daysOpen', 'Days open'),
    ],
    statement: ({ range, today, timeZone }) => openDefects(range.to, today, timeZone),
    row: (row) => ({
      vehicle: row.plate,
      item: row.item,
      note: row.note,
      outOfService: row.out_of_service,
      openedOn: row.opened_on,
      daysOpen: row.days_open,
    }),
  }),
};

/**
 * A report's statement, in its ranked order when it has one, after its planner settings (`context.db` is the
 * report's transaction: the table's or the CSV cursor's).
 */
async function statementOf(
  definition: ReportDefinition<Record<string, unknown>>,
  context: ReportContext,
): Promise<ReportStatement> {
  for (const setting of definition.planner ?? []) await context.db.execute(setting);
  const statement = await definition.statement(context);
  return definition.rank ? { ...statement, order: definition.rank.order } : statement;
}

/**
 * One page of a ranked report and the count of all its rows. The rows are made once (a materialized CTE) and read
 * twice: counted, and ranked into a top-N sort that keeps only the page's rows. The count rides on the page's rows;
 * a page past the end has no rows to carry it, so it is counted on its own. A window (`count(*) over ()`) did the
 * same at 30 to 220 ms more for 100k stops (decision 047).
 */
async function rankedPage(
  db: Executor,
  statement: ReportStatement,
  page: number,
): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const rows = await queryRows<Record<string, unknown> & { report_total: number }>(
    db,
    sql`with q as materialized (${statement.body})
      select q.*, (select count(*) from q)::int as report_total from q
      order by ${statement.order} limit ${REPORT_PAGE_SIZE} offset ${(page - 1) * REPORT_PAGE_SIZE}`,
  );
  if (rows.length > 0) return { rows, total: rows[0]!.report_total };
  const [counted] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from (${statement.body}) q`,
  );
  return { rows, total: counted?.total ?? 0 };
}

const manifestChild = (row: ManifestChildRow) => ({
  name: row.name,
  class: row.class,
  parentName: row.parent_name,
  parentPhone: row.parent_phone,
  alternativePhone: row.alternative_phone,
});

export function createReportsService({
  db,
  clock,
  timeZone,
  onTimeMinutes,
}: {
  db: Database;
  clock: Clock;
  timeZone: string;
  onTimeMinutes: number;
}) {
  const contextOf = (range: ReportRange): ReportContext => ({
    db,
    range,
    today: zonedDate(clock(), timeZone),
    onTimeMinutes,
    timeZone,
  });

  return {
    /** A report's table for the screen: every row, or a paged report's page of its ranked rows. */
    async table(report: ReportId, { page, ...range }: ReportQuery): Promise<ReportTable> {
      const definition = REPORTS[report];
      const context = contextOf(range);
      const head = {
        report,
        title: definition.title(context),
        from: range.from,
        to: range.to,
        columns: definition.columns,
      };
      const { rank } = definition;
      return withReportMemory(db, async (tx) => {
        const statement = await statementOf(definition, { ...context, db: tx });
        if (!rank) {
          const rows = await queryRows<Record<string, unknown>>(tx, orderedRows(statement));
          return { ...head, rows: rows.map(definition.row) };
        }
        const ranked = await rankedPage(tx, statement, page);
        return {
          ...head,
          rows: ranked.rows.map(definition.row),
          paging: { page, pageSize: REPORT_PAGE_SIZE, total: ranked.total, rankedBy: rank.label },
        };
      });
    },

    /**
     * Every row of a report in the table's order, for its CSV, read through a cursor as the download is written
     * (report-cursor.ts): `ready` settles once the first rows are read, so a failure still answers an error.
     */
    csv(report: ReportId, range: ReportRange) {
      const definition = REPORTS[report];
      const context = contextOf(range);
      const cursor = cursorRows<Record<string, unknown>>(db, async (tx) =>
        orderedRows(await statementOf(definition, { ...context, db: tx })),
      );
      async function* batches() {
        for await (const batch of cursor.batches) yield batch.map(definition.row);
      }
      const columns: CsvColumn<Row>[] = definition.columns.map((column) => ({
        header: column.label,
        value: (row) => row[column.key],
      }));
      return {
        fileName: `${report}_${range.from}_${range.to}.csv`,
        columns,
        batches: batches(),
        ready: cursor.ready,
        stop: cursor.stop,
      };
    },

    /**
     * A route's run as the driver reads it on paper: stops in order with their planned times and the children
     * given each stop; children given no stop of this run are listed apart with their address.
     */
    async manifest({ routeId, run }: RouteManifestQuery): Promise<RouteManifest> {
      const head = await manifestHead(db, routeId, run);
      if (!head) throw notFound('Route not found');
      const [stops, children] = await Promise.all([
        manifestStops(db, routeId, run),
        manifestChildren(db, routeId, run),
      ]);
      const byStop = new Map(stops.map((stop) => [stop.stop_id, [] as ManifestChildRow[]]));
      const atHome: ManifestChildRow[] = [];
      for (const child of children) (byStop.get(child.stop_id ?? '') ?? atHome).push(child);
      return {
        route: { id: head.id, name: head.name },
        run,
        startTime: head.start_time,
        vehiclePlate: head.vehicle_plate,
        driverName: head.driver_name,
        stops: stops.map((stop) => ({
          position: stop.position,
          name: stop.name,
          address: stop.address,
          plannedTime: stop.planned_time,
          children: byStop.get(stop.stop_id)!.map(manifestChild),
        })),
        atHome: atHome.map((child) => ({ ...manifestChild(child), address: child.address })),
      };
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
