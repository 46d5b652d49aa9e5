import { demoAccounts } from '../../../core/demo-accounts.ts';
import { users } from '../schema/index.ts';
import { demoProviders } from './demo-providers.ts';
import { slug, type SeedContext } from './random.ts';

/**
 * The people of the demo: the admin, the demo driver (with a fleet), the demo mechanic, five
 * more drivers who left reviews, and an owner account for every other demo business.
 */
export async function seedAccounts({ tx, passwordHash }: SeedContext) {
  const [admin, driver, mechanic, ...reviewers] = await tx
    .insert(users)
    .values([
      {
        username: 'admin',
        email: demoAccounts.admin,
        passwordHash,
        role: 'admin',
        name: 'Dana Whitfield',
        phone: '(214) 555-0190',
        location: 'Dallas, TX',
      },
      {
        username: 'marcus.johnson',
        email: demoAccounts.driver,
        passwordHash,
        role: 'driver',
        name: 'Marcus Johnson',
        phone: '(214) 555-0142',
        location: 'Dallas, TX',
        aaaMemberId: 'AAA-4421-8890',
        company: 'Red River Freight',
        cdlNumber: 'TX-CDL-20931847',
        vehicleInfo: {
          vehicleType: 'semi_truck',
          vehicles: [
            {
              id: 'veh-1',
              type: 'truck',
              make: 'Freightliner',
              model: 'Cascadia',
              year: '2021',
              tireSize: '295/75R22.5',
              tireType: 'commercial',
              loadCapacity: '80,000 lbs',
              notes: 'Day cab, Detroit DD15',
            },
            {
              id: 'veh-2',
              type: 'truck',
              make: 'Peterbilt',
              model: '579',
              year: '2019',
              tireSize: '11R22.5',
              tireType: 'all_season',
              loadCapacity: '80,000 lbs',
            },
          ],
        },
      },
      {
        username: 'lone-star-mobile',
        email: demoAccounts.mechanic,
        passwordHash,
        role: 'mechanic',
        name: 'Ray Delgado',
        phone: '(214) 555-0101',
        location: 'Dallas, TX',
      },
      ...[
        ['Tanya Brooks', 'Houston, TX', 'box_truck'],
        ['Luis Ramirez', 'Dallas, TX', 'semi_truck'],
        ['Kevin O’Neal', 'Fort Worth, TX', 'semi_truck'],
        ['Sheila Grant', 'Houston, TX', 'pickup_truck'],
        ['Darnell Price', 'Arlington, TX', 'trailer'],
      ].map(([name, location, vehicleType], i) => ({
        username: slug(name!).replace(/-/g, '.'),
        email: `${slug(name!).replace(/-/g, '.')}@drivers.truckfinder.test`,
        passwordHash,
        role: 'driver' as const,
        name: name!,
        phone: `(713) 555-01${50 + i}`,
        location: location!,
        vehicleInfo: { vehicleType: vehicleType as 'semi_truck' },
      })),
    ])
    .returning();
  const owners = await tx
    .insert(users)
    .values(
      demoProviders.slice(1).map((p) => ({
        username: slug(p.businessName),
        email: `owner@${slug(p.businessName)}.truckfinder.test`,
        passwordHash,
        role: 'mechanic' as const,
        name: `${p.businessName} Dispatch`,
        phone: p.phone,
        location: `${p.city}, TX`,
      })),
    )
    .returning({ id: users.id });
  return {
    admin: admin!,
    driver: driver!,
    mechanic: mechanic!,
    reviewers,
    drivers: [driver!, ...reviewers],
    /** The owner of each demo business, in demoProviders' order (the demo mechanic first). */
    ownerIds: [mechanic!.id, ...owners.map((o) => o.id)],
  };
}

export type DemoAccounts = Awaited<ReturnType<typeof seedAccounts>>;
