import {
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
import type { Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import { queryRows, type Database, type Executor } from '../../../db/client.js';
import type { CopyCellKind, CopyCsvOut } from '../../../db/copy-out.js';
import { csvBatchStream, type CsvColumn, type RowCounter } from '../../../lib/csv.js';
import { csvCopyStream } from '../../../lib/csv-copy.js';
import type { Clock } from '../../../lib/clock.js';
import { notFound } from '../../../lib/errors.js';
import { zonedDate } from '../../../lib/zoned-time.js';
import {
  exceptionsByRoute,
  expiringCredentials,
  manifestChildren,
  manifestHead,
  manifestStops,
  onTimeStatement,
  openDefects,
  coveredRuns,
  ridershipByDay,
  ridershipByRoute,
  ridershipByStop,
  vehicleUse,
  REPORT_MEMORY,
  withReportMemory,
  type ManifestChildRow,
  type ReportStatement,
} from './reports-queries.js';
import { cursorRows } from './report-cursor.js';
import {
  holderTypeLabel,
  LEAST_ON_TIME_FIRST,
  MOST_PICKED_UP_FIRST,
  NAMES_BY_HASH,
  NO_JIT,
  orderedCells,
  orderedCopyCells,
  rankedPage,
  statementColumn,
  type ReportCellSource,
} from './report-cells-queries.js';

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
 * A report's column as the server knows it: what the screen is told (`ReportColumn`) and its cell, in SQL over a
 * row of the report's statement (`q`). The table's rows, the CSV's from a cursor and the CSV that PostgreSQL writes
 * itself (decision 049) are all selected through these, so they cannot disagree.
 */
type ReportField = ReportColumn & ReportCellSource;

/** How COPY writes a column of each kind (db/copy-out.ts). */
const COPY_AS: Record<ReportColumnKind, CopyCellKind> = {
  text: 'text',
  date: 'text',
  datetime: 'text',
  number: 'number',
  percent: 'number',
  boolean: 'boolean',
};

/**
 * A report: its title, columns (the table's and the CSV's, in order) and its statement.
 * A paged report ranks its rows (`rank`, over the statement's columns as `q`, ending on its key so that pages never
 * overlap) as its chart does, and its CSV holds every row in that order: page 1 is the CSV's first rows.
 */
interface ReportDefinition {
  title: (context: ReportContext) => string;
  columns: ReportField[];
  statement: (context: ReportContext) => ReportStatement | Promise<ReportStatement>;
  rank?: { order: SQL; label: string };
  /** Planner settings for this report's transaction (`set local …`), set before its statement is built. */
  planner?: SQL[];
}

/** A column read from the statement's column `from` (or computed by an SQL expression over `q`). */
const column = (
  key: string,
  label: string,
  from: string | SQL,
  kind: ReportColumnKind = 'number',
): ReportField => ({
  key,
  label,
  kind,
  value: typeof from === 'string' ? statementColumn(from) : from,
  copyAs: COPY_AS[kind],
});

/** Children whose pickup and drop point is their own home rather than a stop, in the stop report. */
export const AT_HOME = 'At home (no stop)';

const onTimeColumns = (first: ReportField) => [
  first,
  column('trips', 'Trips', 'trips'),
  column('stops', 'Stop arrivals', 'stops'),
  column('onTime', 'On time', 'on_time'),
  column('early', 'Early', 'early'),
  column('late', 'Late', 'late'),
  column('onTimePct', 'On time %', 'on_time_pct', 'percent'),
  column('averageDelayMin', 'Average delay (min)', 'average_delay_min'),
];

/**
 * Every report. A stop arrival is on time within
 * ±REPORT_ON_TIME_MINUTES of its planned time; ridership counts the scans of trips that were not cancelled.
 */
const REPORTS: Record<ReportId, ReportDefinition> = {
  'on-time-routes': {
    title: ({ onTimeMinutes }) => `On-time performance per route (±${onTimeMinutes} min)`,
    columns: onTimeColumns(column('route', 'Route', 'name', 'text')),
    statement: ({ db, range, onTimeMinutes }) => onTimeStatement(db, range, onTimeMinutes, 'route'),
  },
  'on-time-stops': {
    title: ({ onTimeMinutes }) => `On-time performance per stop (±${onTimeMinutes} min)`,
    columns: onTimeColumns(column('stop', 'Stop', 'name', 'text')),
    statement: ({ db, range, onTimeMinutes }) => onTimeStatement(db, range, onTimeMinutes, 'stop'),
    rank: { order: LEAST_ON_TIME_FIRST, label: 'least on time first' },
    planner: [NO_JIT],
  },
  'ridership-routes': {
    title: () => 'Ridership per route',
    columns: [
      column('route', 'Route', 'name', 'text'),
      column('trips', 'Trips', 'trips'),
      column('boardings', 'Boardings', 'boardings'),
      column('alightings', 'Alightings', 'alightings'),
      column('noShows', 'No-shows', 'no_shows'),
      column('boardingsPerTrip', 'Boardings per trip', 'boardings_per_trip'),
    ],
    statement: ({ range }) => ridershipByRoute(range),
  },
  'ridership-stops': {
    title: () => 'Ridership per stop',
    columns: [
      column('stop', 'Stop', 'name', 'text'),
      column('pickups', 'Picked up', 'pickups'),
      column('dropOffs', 'Dropped off', 'drop_offs'),
    ],
    statement: ({ range }) => ridershipByStop(range, AT_HOME),
    rank: { order: MOST_PICKED_UP_FIRST, label: 'most picked up first' },
    planner: [NAMES_BY_HASH, NO_JIT],
  },
  'ridership-days': {
    title: () => 'Ridership per day',
    columns: [
      column('day', 'Day', 'day', 'date'),
      column('trips', 'Trips', 'trips'),
      column('boardings', 'Boardings', 'boardings'),
      column('noShows', 'No-shows', 'no_shows'),
    ],
    statement: ({ range }) => ridershipByDay(range),
  },
  exceptions: {
    title: () => 'No-shows and wrong-bus scans per route',
    columns: [
      column('route', 'Route', 'name', 'text'),
      column('noShows', 'No-shows', 'no_shows'),
      column('wrongBus', 'Wrong-bus scans', 'wrong_bus'),
      column('unknownTags', 'Unknown tags', 'unknown_tags'),
    ],
    statement: ({ range }) => exceptionsByRoute(range),
  },
  'vehicle-use': {
    title: () => 'Vehicle use',
    columns: [
      column('vehicle', 'Vehicle', 'plate', 'text'),
      column('trips', 'Trips', 'trips'),
      column('days', 'Days in use', 'days'),
      column('km', 'Distance (km)', 'km'),
    ],
    statement: ({ range }) => vehicleUse(range),
  },
  'covered-runs': {
    title: () => 'Covered runs: who was planned and who drove',
    columns: [
      column('day', 'Day', 'day', 'date'),
      column('route', 'Route', 'route_name', 'text'),
      // As the office's trip lists write them (PICKUP, COMPLETED).
      column('run', 'Run', 'run', 'text'),
      column('status', 'Status', 'status', 'text'),
      column('plannedDriver', 'Planned driver', 'planned_driver_name', 'text'),
      column('plannedVehicle', 'Planned vehicle', 'planned_vehicle_plate', 'text'),
      column('driver', 'Driven by', 'driver_name', 'text'),
      column('vehicle', 'Vehicle', 'vehicle_plate', 'text'),
    ],
    statement: ({ range }) => coveredRuns(range),
  },
  'expiring-credentials': {
    title: ({ range }) => `Credentials expired or expiring by ${range.to}`,
    columns: [
      column('holderType', 'Holder type', holderTypeLabel, 'text'),
      column('holder', 'Holder', 'holder', 'text'),
      column('kind', 'Credential', 'kind', 'text'),
      column('number', 'Number', 'number', 'text'),
      column('expiresOn', 'Expires on', 'expires_on', 'date'),
      column('daysLeft', 'Days left', 'days_left'),
      column('blocks', 'Blocks when expired', 'blocks', 'boolean'),
    ],
    statement: ({ range, today }) => expiringCredentials(range.to, today),
  },
  'open-defects': {
    title: ({ range }) => `Defects found by ${range.to} and still open`,
    columns: [
      column('vehicle', 'Vehicle', 'plate', 'text'),
      column('item', 'Item', 'item', 'text'),
      column('note', 'Note', 'note', 'text'),
      column('outOfService', 'Out of service', 'out_of_service', 'boolean'),
      column('openedOn', 'Found on', 'opened_on', 'date'),
      column('daysOpen', 'Days open', 'days_open'),
    ],
    statement: ({ range, today, timeZone }) => openDefects(range.to, today, timeZone),
  },
};

/**
 * A report's statement, in its ranked order when it has one, after its planner settings (`context.db` is the
 * report's transaction: the table's or the CSV's).
 */
async function statementOf(definition: ReportDefinition, context: ReportContext): Promise<ReportStatement> {
  for (const setting of definition.planner ?? []) await context.db.execute(setting);
  const statement = await definition.statement(context);
  return definition.rank ? { ...statement, order: definition.rank.order } : statement;
}

/** A report's CSV as the route sends it: the download's stream once the first rows are read, and how to end early. */
export interface ReportCsv {
  fileName: string;
  /** Settles once the statement has run and its first rows are read: a failure before any byte is sent. */
  stream: Promise<Readable>;
  /** Ends the read early (the reply closed before its stream was read): the transaction ends. */
  stop: () => void;
  /** The rows written so far: the export's audit entry. */
  counter: RowCounter;
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
  copyCsv,
  clock,
  timeZone,
  onTimeMinutes,
}: {
  db: Database;
  /** PostgreSQL's own CSV writer, where the database is PostgreSQL (decision 049); else the cursor's rows. */
  copyCsv?: CopyCsvOut;
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
        columns: definition.columns.map(({ key, label, kind }) => ({ key, label, kind })),
      };
      const { rank, columns } = definition;
      return withReportMemory(db, async (tx) => {
        const statement = await statementOf(definition, { ...context, db: tx });
        if (!rank) return { ...head, rows: await queryRows<Row>(tx, orderedCells(columns, statement)) };
        const ranked = await rankedPage(tx, columns, statement, page);
        return {
          ...head,
          rows: ranked.rows,
          paging: { page, pageSize: REPORT_PAGE_SIZE, total: ranked.total, rankedBy: rank.label },
        };
      });
    },

    /**
     * Every row of a report in the table's order, for its CSV, written as the download is read. On PostgreSQL the
     * database writes the CSV itself (`COPY`, db/copy-out.ts, decision 049); on PGlite the rows come through a
     * cursor (report-cursor.ts) and csv.ts writes them. Either way `stream` settles once the first rows are read,
     * so a failure still answers an error.
     */
    csv(report: ReportId, range: ReportRange): ReportCsv {
      const definition = REPORTS[report];
      const { columns } = definition;
      const context = contextOf(range);
      const fileName = `${report}_${range.from}_${range.to}.csv`;
      const counter: RowCounter = { rows: 0 };
      const statement = (tx: Executor) => statementOf(definition, { ...context, db: tx });
      if (copyCsv) {
        const copy = copyCsv(async (tx) => {
          await tx.execute(REPORT_MEMORY);
          return orderedCopyCells(columns, await statement(tx));
        });
        const headers = columns.map((field) => field.label);
        return {
          fileName,
          stream: copy.ready.then(() => csvCopyStream(headers, copy.chunks, counter)),
          stop: copy.stop,
          counter,
        };
      }
      const cursor = cursorRows<Row>(db, async (tx) => orderedCells(columns, await statement(tx)));
      const csvColumns: CsvColumn<Row>[] = columns.map((field) => ({
        header: field.label,
        value: (row) => row[field.key],
      }));
      return {
        fileName,
        stream: cursor.ready.then(() => csvBatchStream(csvColumns, cursor.batches, counter)),
        stop: cursor.stop,
        counter,
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
