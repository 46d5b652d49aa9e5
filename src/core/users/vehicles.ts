import type { Vehicle } from './schemas.ts';

export const vehicleTypes = ['truck', 'car', 'van', 'motorcycle'] as const;
export const tireTypes = ['all_season', 'winter', 'summer', 'off_road', 'commercial'] as const;

/** "2019 Peterbilt 579" */
export const vehicleName = (v: Vehicle) => [v.year, v.make, v.model].filter(Boolean).join(' ');

/**
 * What the Book Service dialog's Vehicle Details gets from a chosen vehicle: "2019 Peterbilt 579,
 * 295/75R22.5 tires, plate TX 4KD-2291, VIN 1XPBD49X1KD123456" (the receipt prints this line).
 */
export const vehicleDetailsOf = (v: Vehicle) =>
  [
    vehicleName(v),
    `${v.tireSize} tires`,
    v.licensePlate?.trim() ? `plate ${v.licensePlate.trim()}` : '',
    v.vin?.trim() ? `VIN ${v.vin.trim().toUpperCase()}` : '',
  ]
    .filter(Boolean)
    .join(', ');
