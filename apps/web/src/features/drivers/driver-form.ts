import type { Driver, DriverInput } from '@school-transport/shared';

export const EMPTY_DRIVER_FORM: DriverInput = {
  name: '',
  email: '',
  phone: '',
  licenseNo: '',
  alternativePhone: '',
  address: '',
};

/** The update form starts from what is stored; missing optional values become empty fields. */
export function driverFormValues(driver: Driver): DriverInput {
  return {
    name: driver.user.name,
    email: driver.user.email,
    phone: driver.phone,
    licenseNo: driver.licenseNo,
    alternativePhone: driver.alternativePhone ?? '',
    address: driver.address ?? '',
  };
}
