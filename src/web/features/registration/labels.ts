import type { registrationVehicleTypes } from '#core/users/schemas.ts';
import type en from './locales/registration.en.ts';

/** The vehicle types a driver picks from, by their catalog key. */
export const vehicleTypeLabels: Record<(typeof registrationVehicleTypes)[number], keyof typeof en> =
  {
    semi_truck: 'vehicleSemiTruck',
    box_truck: 'vehicleBoxTruck',
    pickup_truck: 'vehiclePickupTruck',
    trailer: 'vehicleTrailer',
    rv: 'vehicleRv',
  };
