import type { z } from 'zod';
import {
  vehicleSchema,
  type PublicUser,
  type Vehicle,
  type VehicleInfo,
} from '#core/users/schemas.ts';

/** The Add Vehicle form: core's vehicle without its id, which is given on saving. */
/** Core's message for a vehicle without its make, model or year. */
export const MISSING_VEHICLE_FIELDS = 'Please fill in all required vehicle fields';

export const vehicleFormSchema = vehicleSchema.omit({ id: true });
export type VehicleForm = z.infer<typeof vehicleFormSchema>;
export type VehicleFormField = keyof VehicleForm;

export const emptyVehicleForm: VehicleForm = {
  type: 'truck',
  make: '',
  model: '',
  year: '',
  tireSize: '',
  tireType: 'all_season',
  loadCapacity: '',
  notes: '',
};

export const vehicleTypeLabels: Record<Vehicle['type'], string> = {
  truck: 'Truck',
  car: 'Car',
  van: 'Van',
  motorcycle: 'Motorcycle',
};

export const tireTypeLabels: Record<Vehicle['tireType'], string> = {
  all_season: 'All Season',
  winter: 'Winter',
  summer: 'Summer',
  off_road: 'Off Road',
  commercial: 'Commercial',
};

/** A vehicle to save from the form's values: optional texts left empty are left out. */
export function newVehicle(values: VehicleForm, id: string = crypto.randomUUID()): Vehicle {
  const { loadCapacity, notes, ...rest } = values;
  return {
    id,
    ...rest,
    ...(loadCapacity?.trim() ? { loadCapacity: loadCapacity.trim() } : {}),
    ...(notes?.trim() ? { notes: notes.trim() } : {}),
  };
}

export const vehiclesOf = (user: Pick<PublicUser, 'vehicleInfo'> | undefined) =>
  user?.vehicleInfo.vehicles ?? [];

export const withVehicle = (info: VehicleInfo, vehicle: Vehicle): VehicleInfo => ({
  ...info,
  vehicles: [...(info.vehicles ?? []), vehicle],
});

export const withoutVehicle = (info: VehicleInfo, id: string): VehicleInfo => ({
  ...info,
  vehicles: (info.vehicles ?? []).filter((vehicle) => vehicle.id !== id),
});

export const loadCapacityText = (vehicle: Vehicle) => vehicle.loadCapacity?.trim() || 'N/A';

export const aaaMembershipText = (user: Pick<PublicUser, 'aaaMemberId'>) =>
  user.aaaMemberId?.trim() || 'Not a member';

const formFields = new Set<string>(Object.keys(vehicleFormSchema.shape));

/**
 * The server names a vehicle's field `vehicleInfo.vehicles.<n>.<field>`: the form's own field
 * messages, from the server's `fields`.
 */
export function vehicleFieldErrors(
  fields: Record<string, string> | undefined,
): Partial<Record<VehicleFormField, string>> {
  const errors: Partial<Record<VehicleFormField, string>> = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    const match = /^vehicleInfo\.vehicles\.\d+\.(\w+)$/.exec(key);
    const field = match?.[1];
    if (field && formFields.has(field)) errors[field as VehicleFormField] ??= message;
  }
  return errors;
}
