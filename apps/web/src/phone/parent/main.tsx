import { mountPhoneApp } from '../mount';
import { ParentApp } from './ParentApp';

/** The parent portal's entry (apps/web/parent/index.html). */
mountPhoneApp(<ParentApp />);
