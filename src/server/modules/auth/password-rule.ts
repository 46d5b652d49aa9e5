import { passwordStrength, type PasswordOwner } from '../../../core/auth/password-strength.ts';
import { AppError } from '../../../core/errors.ts';

/**
 * Every new password (sign-up, application, reset, change) must resist guessing: common ones,
 * keyboard walks and the owner's own email, username or name are refused (docs/security.md).
 */
export async function assertGuessResistant(password: string, owner: PasswordOwner): Promise<void> {
  const { problem } = await passwordStrength(password, owner);
  if (problem) throw new AppError('bad_request', problem, { password: problem });
}
