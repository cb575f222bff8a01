import { mountPhoneApp } from '../mount';
import { DriverApp } from './DriverApp';

/** The driver app's entry (apps/web/driver/index.html). */
mountPhoneApp(<DriverApp />);
