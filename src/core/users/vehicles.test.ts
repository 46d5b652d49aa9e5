import { describe, expect, it } from 'vitest';
import { VIN_MESSAGE, vehicleSchema, type Vehicle } from './schemas.ts';
import { vehicleDetailsOf } from './vehicles.ts';

const truck: Vehicle = {
  id: 'v1',
  type: 'truck',
  make: 'Peterbilt',
  model: '579',
  year: '2019',
  tireSize: '295/75R22.5',
  tireType: 'commercial',
};

const issue = (input: Partial<Vehicle>) => {
  const parsed = vehicleSchema.safeParse({ ...truck, ...input });
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

describe('a vehicle’s plate and VIN', () => {
  it('are optional, and empty means none', () => {
    expect(issue({})).toBeNull();
    expect(issue({ licensePlate: '', vin: '' })).toBeNull();
    expect(vehicleDetailsOf({ ...truck, licensePlate: ' ', vin: '' })).toBe(
      '2019 Peterbilt 579, 295/75R22.5 tires',
    );
  });

  it('takes a plate of letters, digits, spaces and dashes up to 15 characters', () => {
    expect(issue({ licensePlate: 'TX 4KD-2291' })).toBeNull();
    expect(issue({ licensePlate: 'ABCDEFGHIJKLMNOP' })).toBe(
      'License plate must be at most 15 characters',
    );
    expect(issue({ licensePlate: 'TX_4KD' })).toBe(
      'License plate may hold only letters, digits, spaces and dashes',
    );
  });

  it('takes a 17-character VIN without I, O or Q, upper-cased', () => {
    const parsed = vehicleSchema.parse({ ...truck, vin: ' 1xpbd49x1kd123456 ' });
    expect(parsed.vin).toBe('1XPBD49X1KD123456');
    for (const vin of [
      '1XPBD49X1KD12345',
      '1XPBD49X1KD1234567',
      '1XPBD49X1KD12345I',
      'OXPBD49X1KD123456',
      '1XPBD49X1KD12345Q',
      '1XPBD49X1KD12345-',
    ])
      expect(issue({ vin }), vin).toBe(VIN_MESSAGE);
  });

  it('join the vehicle details a booking gets from the chosen vehicle', () => {
    expect(
      vehicleDetailsOf({ ...truck, licensePlate: 'TX 4KD-2291', vin: '1XPBD49X1KD123456' }),
    ).toBe('2019 Peterbilt 579, 295/75R22.5 tires, plate TX 4KD-2291, VIN 1XPBD49X1KD123456');
  });
});
