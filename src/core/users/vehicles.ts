import type { Vehicle } from './schemas.ts';

/** "2019 Peterbilt 579" */
export const vehicleName = (v: Vehicle) => [v.year, v.make, v.model].filter(Boolean).join(' ');

/** What the Book Service dialog's Vehicle Details gets from a chosen vehicle. */
export const vehicleDetailsOf = (v: Vehicle) => `${vehicleName(v)}, ${v.tireSize} tires`;
