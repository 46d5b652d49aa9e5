import { serviceProviders, users } from '../schema/index.ts';
import { demoProviders } from './demo-providers.ts';
import { DAY, slug, type SeedContext } from './random.ts';

/** The demo businesses around Dallas–Fort Worth and Houston, all approved. */
export async function seedProviders({ tx, now }: SeedContext, ownerIds: string[]) {
  return tx
    .insert(serviceProviders)
    .values(
      demoProviders.map((p, i) => ({
        ...p,
        userId: ownerIds[i]!,
        state: 'TX',
        email: `service@${slug(p.businessName)}.example`,
        website: `https://www.${slug(p.businessName)}.example`,
        licenseNumber: `TX-BL-${100_200 + i}`,
        insurancePolicy: `INS-${700_300 + i}`,
        verification: 'approved' as const,
        verifiedAt: new Date(now - 120 * DAY),
        createdAt: new Date(now - (180 - i) * DAY),
      })),
    )
    .returning();
}

export type DemoProvider = Awaited<ReturnType<typeof seedProviders>>[number];

/** One application still waiting for an admin, so "Pending Reviews" is not empty. */
export async function seedApplication({ tx, passwordHash }: SeedContext) {
  const [applicant] = await tx
    .insert(users)
    .values({
      username: 'northside-mobile',
      email: 'owner@northside-mobile.truckfinder.test',
      passwordHash,
      role: 'mechanic',
      name: 'Jamal Carter',
      phone: '(832) 555-0130',
      location: 'Houston, TX',
    })
    .returning({ id: users.id });
  await tx.insert(serviceProviders).values({
    userId: applicant!.id,
    businessName: 'Northside Mobile Repair',
    serviceType: 'mobile_mechanic',
    description: 'New mobile mechanic service for north Houston and the Hardy Toll Road.',
    address: '7200 Airline Dr',
    city: 'Houston',
    state: 'TX',
    zipCode: '77076',
    latitude: 29.8545,
    longitude: -95.3832,
    phone: '(832) 555-0130',
    email: 'service@northside-mobile.example',
    visitFee: 85,
    hourlyRate: 110,
    specialties: ['Brake Repair', 'Electrical'],
    certifications: ['ASE Certified'],
    licenseNumber: 'TX-BL-100999',
    insurancePolicy: 'INS-700999',
    verification: 'pending',
  });
}
