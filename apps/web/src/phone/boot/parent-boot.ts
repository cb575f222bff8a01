import { bootPhoneApp } from './boot';
import { PARENT_BOOT } from './boot-apps';

/** The parent portal's boot script (apps/web/parent/index.html): asks for today's children and runs. */
bootPhoneApp(PARENT_BOOT);
