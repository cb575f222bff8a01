import type { Database } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { refusal } from '../../../lib/errors.js';
import type { ImageStorage, ImageUrls } from '../../platform/uploads/index.js';
import type { AlertService } from '../alerts/index.js';
import type { LiveLog } from '../live/index.js';

/** What the inspection operations (driver-inspections.ts, office-inspections.ts) work with. */
export interface InspectionServiceDeps {
  db: Database;
  clock: Clock;
  /** The operator's time zone: what "today" is, and how times read in messages. */
  timeZone: string;
  storage: ImageStorage;
  urls: ImageUrls;
  alerts: Pick<AlertService, 'raise'>;
  live: Pick<LiveLog, 'committed'>;
}

/** Defect photos are stored like profile photos, under their own kind (DATA_DIR/uploads/profile/defect). */
export const DEFECT_PHOTO_KIND = 'defect';

export const vehicleNotFound = () => refusal(404, { code: 'refusal.vehicleNotFound' });
