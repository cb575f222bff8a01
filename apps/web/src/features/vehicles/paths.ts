/** The address of the vehicle list (vehicles are added and edited in its dialogs). */
export const VEHICLE_LIST_PATH = '/all-vehicles';
