import { AppError } from '../../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { DEMO_EMAIL_DOMAIN, hasDemoAccounts } from '../../db/seed/demo-accounts.ts';

export const DEMO_ADDRESS_MESSAGE = `Addresses at ${DEMO_EMAIL_DOMAIN} are kept for the demo accounts. Use your own email.`;

export const isDemoAddress = (email: string) => {
  const domain = email.toLowerCase().split('@').pop() ?? '';
  return domain === DEMO_EMAIL_DOMAIN || domain.endsWith(`.${DEMO_EMAIL_DOMAIN}`);
};

/**
 * On a server without demo data nobody may take a demo address: a public server refuses to start
 * while one exists (docs/decisions/015-public-server-safety.md), so one sign-up would stop it.
 * Whether the server holds demo data is asked of the database only when such an address is typed.
 */
export async function refuseDemoAddress(db: Executor, email: string, field = 'email') {
  if (isDemoAddress(email) && !(await hasDemoAccounts(db)))
    throw new AppError('bad_request', DEMO_ADDRESS_MESSAGE, { [field]: DEMO_ADDRESS_MESSAGE });
}
