import type { FastifyInstance } from 'fastify';
import type { serviceProviders } from '../db/schema/index.ts';
import { insertOwnedProvider } from './providers.ts';
import { enrolTotp, signInWithCode } from './second-factor.ts';
import { promoteToAdmin, signUp, type TestAccount } from './test-app.ts';

export type { TestAccount };
/** An admin with two-step sign-in on, signed in with a code (the console needs both). */
export type TestAdmin = TestAccount & { totpSecret: string; recoveryCodes: string[] };
type ProviderOverrides = Partial<typeof serviceProviders.$inferInsert>;
/** A mechanic whose approved business is listed in Dallas. */
export type TestMechanic = TestAccount & { providerId: string };

/** The accounts most API tests act with. */
export interface Cast {
  driver: TestAccount;
  otherDriver: TestAccount;
  mechanic: TestMechanic;
  otherMechanic: TestMechanic;
  admin: TestAdmin;
}

/**
 * Signs up the usual cast: two drivers, two mechanics with a business each, and an admin with
 * two-step sign-in on.
 */
export async function createCast(
  app: FastifyInstance,
  options: {
    provider?: ProviderOverrides;
    otherProvider?: ProviderOverrides;
    /** What a test wants typed at sign-up, e.g. a name it looks for later. */
    accounts?: Partial<Record<keyof Cast, Record<string, unknown>>>;
  } = {},
): Promise<Cast> {
  const typed = options.accounts ?? {};
  const driver = await signUp(app, typed.driver);
  const otherDriver = await signUp(app, typed.otherDriver);
  const mechanic = await signUp(app, { ...typed.mechanic, role: 'mechanic' });
  const otherMechanic = await signUp(app, { ...typed.otherMechanic, role: 'mechanic' });
  const signedUp = await signUp(app, typed.admin);
  await promoteToAdmin(app, signedUp.user.id);
  const totp = await enrolTotp(app, signedUp);
  const withTotp = { ...signedUp, totpSecret: totp.secret, recoveryCodes: totp.recoveryCodes };
  const admin: TestAdmin = { ...withTotp, cookie: await signInWithCode(app, withTotp) };
  const db = app.database.db;
  const provider = await insertOwnedProvider(db, mechanic.user.id, options.provider);
  const otherProvider = await insertOwnedProvider(db, otherMechanic.user.id, options.otherProvider);
  return {
    driver,
    otherDriver,
    mechanic: { ...mechanic, providerId: provider.id },
    otherMechanic: { ...otherMechanic, providerId: otherProvider.id },
    admin,
  };
}
