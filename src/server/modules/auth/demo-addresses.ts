import { AppError } from '../../../core/errors.ts';
import { DEMO_EMAIL_DOMAIN } from '../../db/seed/demo-accounts.ts';

export const DEMO_ADDRESS_MESSAGE = `Addresses at ${DEMO_EMAIL_DOMAIN} are kept for the demo accounts. Use your own email.`;

export const isDemoAddress = (email: string) => {
  const domain = email.toLowerCase().split('@').pop() ?? '';
  return domain === DEMO_EMAIL_DOMAIN || domain.endsWith(`.${DEMO_EMAIL_DOMAIN}`);
};

/**
 * On a server without demo data nobody may take a demo address: a public server refuses to start
 * while one exists (docs/decisions/015-public-server-safety.md), so one sign-up would stop it.
 */
export function refuseDemoAddress(email: string, demoData: boolean, field = 'email') {
  if (!demoData && isDemoAddress(email))
    throw new AppError('bad_request', DEMO_ADDRESS_MESSAGE, { [field]: DEMO_ADDRESS_MESSAGE });
}
