import {
  CREDENTIAL_SUBJECT_LABELS,
  type ReportCell,
  type ReportColumn,
  type ReportColumnKind,
  type ReportId,
  type ReportRange,
  type ReportTable,
  type RouteManifest,
  type RouteManifestQuery,
} from '@school-transport/shared';
import type { Database, Executor } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { zonedDate } from '../../lib/zoned-time.js';
import {
  exceptionsByRoute,
  expiringCredentials,
  manifestChildren,
  manifestHead,
  manifestStops,
  onTimeByRoute,
  onTimeByStop,
  openDefects,
  ridershipByDay,
  ridershipByRoute,
  ridershipByStop,
  vehicleUse,
  withReportMemory,
  type ManifestChildRow,
} from './reports-queries.js';

type Row = Record<string, ReportCell>;

/** What a report needs besides its range. */
interface ReportContext {
  db: Executor;
  range: ReportRange;
  today: string;
  onTimeMinutes: number;
  timeZone: string;
}

interface ReportDefinition {
  title: (context: ReportContext) => string;
  columns: ReportColumn[];
  rows: (context: ReportContext) => Promise<Row[]>;
}

const column = (key: string, label: string, kind: ReportColumnKind = 'number'): ReportColumn => ({
  key,
  label,
  kind,
});

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

const onTimeRow = (row: Awaited<ReturnType<typeof onTimeByRoute>>[number], nameKey: string): Row => ({
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
 * Every report: its title, columns (the table's and the CSV's, in order) and rows. A stop arrival is on time within
 * ±REPORT_ON_TIME_MINUTES of its planned time; ridership counts the scans of trips that were not cancelled.
 */
const REPORTS: Record<ReportId, ReportDefinition> = {
  'on-time-routes': {
    title: ({ onTimeMinutes }) => `On-time performance per route (±${onTimeMinutes} min)`,
    columns: onTimeColumns(column('route', 'Route', 'text')),
    rows: async ({ db, range, onTimeMinutes }) =>
      (await onTimeByRoute(db, range, onTimeMinutes)).map((row) => onTimeRow(row, 'route')),
  },
  'on-time-stops': {
    title: ({ onTimeMinutes }) => `On-time performance per stop (±${onTimeMinutes} min)`,
    columns: onTimeColumns(column('stop', 'Stop', 'text')),
    rows: async ({ db, range, onTimeMinutes }) =>
      (await onTimeByStop(db, range, onTimeMinutes)).map((row) => onTimeRow(row, 'stop')),
  },
  'ridership-routes': {
    title: () => 'Ridership per route',
    columns: [
      column('route', 'Route', 'text'),
      column('trips', 'Trips'),
      column('boardings', 'Boardings'),
      column('alightings', 'Alightings'),
      column('noShows', 'No-shows'),
      column('boardingsPerTrip', 'Boardings per trip'),
    ],
    rows: async ({ db, range }) =>
      (await ridershipByRoute(db, range)).map((row) => ({
        route: row.name,
        trips: row.trips,
        boardings: row.boardings,
        alightings: row.alightings,
        noShows: row.no_shows,
        boardingsPerTrip: row.boardings_per_trip,
      })),
  },
  'ridership-stops': {
    title: () => 'Ridership per stop',
    columns: [
      column('stop', 'Stop', 'text'),
      column('pickups', 'Picked up'),
      column('dropOffs', 'Dropped off'),
    ],
    rows: async ({ db, range }) =>
      (await ridershipByStop(db, range, AT_HOME)).map((row) => ({
        stop: row.name,
        pickups: row.pickups,
        dropOffs: row.drop_offs,
      })),
  },
  'ridership-days': {
    title: () => 'Ridership per day',
    columns: [
      column('day', 'Day', 'date'),
      column('trips', 'Trips'),
      column('boardings', 'Boardings'),
      column('noShows', 'No-shows'),
    ],
    rows: async ({ db, range }) =>
      (await ridershipByDay(db, range)).map((row) => ({
        day: row.day,
        trips: row.trips,
        boardings: row.boardings,
        noShows: row.no_shows,
      })),
  },
  exceptions: {
    title: () => 'No-shows and wrong-bus scans per route',
    columns: [
      column('route', 'Route', 'text'),
      column('noShows', 'No-shows'),
      column('wrongBus', 'Wrong-bus scans'),
      column('unknownTags', 'Unknown tags'),
    ],
    rows: async ({ db, range }) =>
      (await exceptionsByRoute(db, range)).map((row) => ({
        route: row.name,
        noShows: row.no_shows,
        wrongBus: row.wrong_bus,
        unknownTags: row.unknown_tags,
      })),
  },
  'vehicle-use': {
    title: () => 'Vehicle use',
    columns: [
      column('vehicle', 'Vehicle', 'text'),
      column('trips', 'Trips'),
      column('days', 'Days in use'),
      column('km', 'Distance (km)'),
    ],
    rows: async ({ db, range }) =>
      (await vehicleUse(db, range)).map((row) => ({
        vehicle: row.plate,
        trips: row.trips,
        days: row.days,
        km: row.km,
      })),
  },
  'expiring-credentials': {
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
    rows: async ({ db, range, today }) =>
      (await expiringCredentials(db, range.to, today)).map((row) => ({
        holderType: CREDENTIAL_SUBJECT_LABELS[row.holder_type],
        holder: row.holder,
        kind: row.kind,
        number: row.number,
        expiresOn: row.expires_on,
        daysLeft: row.days_left,
        blocks: row.blocks,
      })),
  },
  'open-defects': {
    title: ({ range }) => `Defects found by ${range.to} and still open`,
    columns: [
      column('vehicle', 'Vehicle', 'text'),
      column('item', 'Item', 'text'),
      column('note', 'Note', 'text'),
      column('outOfService', 'Out of service', 'boolean'),
      column('openedOn', 'Found on', 'date'),
      column('daysOpen', 'Days open'),
    ],
    rows: async ({ db, range, today, timeZone }) =>
      (await openDefects(db, range.to, today, timeZone)).map((row) => ({
        vehicle: row.plate,
        item: row.item,
        note: row.note,
        outOfService: row.out_of_service,
        openedOn: row.opened_on,
        daysOpen: row.days_open,
      })),
  },
};

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
  return {
    async table(report: ReportId, range: ReportRange): Promise<ReportTable> {
      const definition = REPORTS[report];
      const context: ReportContext = {
        db,
        range,
        today: zonedDate(clock(), timeZone),
        onTimeMinutes,
        timeZone,
      };
      return {
        report,
        title: definition.title(context),
        from: range.from,
        to: range.to,
        columns: definition.columns,
        rows: await withReportMemory(db, (tx) => definition.rows({ ...context, db: tx })),
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
