import { describe, expect, it } from 'vitest';
import {
  aaaMembershipText,
  emptyVehicleForm,
  loadCapacityText,
  MISSING_VEHICLE_FIELDS,
  newVehicle,
  vehicleFieldErrors,
  vehicleFormSchema,
  withoutVehicle,
  withVehicle,
} from './fleet.ts';
import { testVehicle } from './users-api.ts';

describe('fleet helpers', () => {
  it('make a vehicle from the form, leaving out empty optional texts', () => {
    const values = {
      ...emptyVehicleForm,
      make: 'Ford',
      model: 'F-150',
      year: '2020',
      tireSize: 'x',
    };
    const vehicle = newVehicle(values, 'v1');
    expect(vehicle).toEqual({
      id: 'v1',
      type: 'truck',
      make: 'Ford',
      model: 'F-150',
      year: '2020',
      tireSize: 'x',
      tireType: 'all_season',
    });
    expect(loadCapacityText(vehicle)).toBe('N/A');
  });

  it('refuse an incomplete form with core’s message', () => {
    const result = vehicleFormSchema.safeParse(emptyVehicleForm);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MISSING_VEHICLE_FIELDS);
  });

  it('add and remove vehicles, keeping the rest of the vehicle info', () => {
    const a = testVehicle({ id: 'a' });
    const info = withVehicle({ vehicleType: 'rv' }, a);
    expect(info).toEqual({ vehicleType: 'rv', vehicles: [a] });
    expect(withoutVehicle(info, 'a')).toEqual({ vehicleType: 'rv', vehicles: [] });
  });

  it('map the server’s field paths to the form’s fields', () => {
    expect(
      vehicleFieldErrors({
        'vehicleInfo.vehicles.3.make': 'Required make',
        'vehicleInfo.vehicles.3.id': 'Bad id',
        phone: 'Not a vehicle field',
      }),
    ).toEqual({ make: 'Required make' });
    expect(vehicleFieldErrors(undefined)).toEqual({});
  });

  it('say Not a member without an AAA id', () => {
    expect(aaaMembershipText({ aaaMemberId: null })).toBe('Not a member');
    expect(aaaMembershipText({ aaaMemberId: '123' })).toBe('123');
  });
});
