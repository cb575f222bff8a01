import { bootPhoneApp } from './boot';
import { DRIVER_BOOT } from './boot-apps';

/** The driver app's boot script (apps/web/driver/index.html): asks for today's trips (GET /api/driver/today). */
bootPhoneApp(DRIVER_BOOT);
