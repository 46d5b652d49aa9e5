import type { Vehicle } from '#core/users/schemas.ts';

/** The catalog keys of a vehicle's type and tire type (profile's texts). */
export const vehicleTypeKeys = {
  truck: 'vehicleTruck',
  car: 'vehicleCar',
  van: 'vehicleVan',
  motorcycle: 'vehicleMotorcycle',
} as const satisfies Record<Vehicle['type'], string>;

export const tireTypeKeys = {
  all_season: 'tireAllSeason',
  winter: 'tireWinter',
  summer: 'tireSummer',
  off_road: 'tireOffRoad',
  commercial: 'tireCommercial',
} as const satisfies Record<Vehicle['tireType'], string>;
