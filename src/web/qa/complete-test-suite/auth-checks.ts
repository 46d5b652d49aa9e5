import { sessionChecks } from '../auth-test/auth-checks.ts';
import { focusChecks } from '../shared/checks.ts';
import type { SuiteCheck } from './context.ts';

/**
 * The Authentication Test page's sign-up, sign-in, session and sign-out checks, run on the suite's
 * test driver; an account they register is deleted with the run's others.
 */
export const authChecks: readonly SuiteCheck[] = focusChecks(
  sessionChecks,
  'auth-',
  (context) => context.state.auth,
);
