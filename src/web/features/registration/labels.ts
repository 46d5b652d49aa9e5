import type { registrationVehicleTypes } from '#core/users/schemas.ts';

export const vehicleTypeLabels: Record<(typeof registrationVehicleTypes)[number], string> = {
  semi_truck: 'Semi Truck',
  box_truck: 'Box Truck',
  pickup_truck: 'Pickup Truck',
  trailer: 'Trailer',
  rv: 'RV',
};
