import type { FastifyBaseLogger } from 'fastify';
import { hashToken } from '../../secret-tokens.ts';
import { AppError } from '../../../core/errors.ts';
import { type MfaStatus, type TotpSetup } from '../../../core/auth/second-factor.ts';
import { STEP_UP_MINUTES } from '../../../core/auth/step-up.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { hasDemoAccounts } from '../../db/seed/demo-accounts.ts';
import { isDemoAddress } from './demo-addresses.ts';
import * as store from './second-factor.repository.ts';
import { securityLog } from './security-log.ts';
import {
  enrolmentFor,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  openSecret,
  sealSecret,
} from './totp.ts';

export const WRONG_CODE_MESSAGE =
  'That code is not right. Check your authenticator app and try again.';
export const ALREADY_ON_MESSAGE =
  'Two-step sign-in is already on. Turn it off first to set it up again.';
const NO_SETUP_MESSAGE = 'Start the setup again: no two-step sign-in is waiting for a code.';
const SECRET_UNREADABLE_MESSAGE =
  'Two-step sign-in cannot be checked on this server right now. Try again later or use a recovery code.';
export const WRONG_PASSWORD_MESSAGE = 'Your password is not correct';

/** TOTP enrolment, codes and recovery codes (docs/decisions/037-second-factor.md). */
export function createSecondFactor(db: Database, config: Config, log: FastifyBaseLogger) {
  const key = config.mfaEncryptionKey;
  /** The demo admin on a demo server (one holding the demo accounts) keeps the demo one click away. */
  const exempt = async (user: PublicUser) =>
    isDemoAddress(user.email) && (await hasDemoAccounts(db));

  async function checkTotp(userId: string, code: string, enabled: boolean): Promise<boolean> {
    const stored = await store.findTotp(db, userId);
    if (!stored || stored.enabled !== enabled) return false;
    let secret: string;
    try {
      secret = openSecret(stored.secret, key);
    } catch (error) {
      // A secret sealed with another MFA_ENCRYPTION_KEY: an operator's mistake, not a wrong code.
      log.error({ err: error, userId }, 'a stored TOTP secret cannot be opened');
      throw new AppError('unavailable', SECRET_UNREADABLE_MESSAGE);
    }
    const step = matchingStep(secret, code.replace(/\s/g, ''));
    return step !== null && store.spendStep(db, userId, step, enabled);
  }

  return {
    exempt,
    /** An admin without a second factor may not use the console (outside the demo). */
    mustEnrol: async (user: PublicUser, secondFactor: boolean) =>
      user.role === 'admin' && !secondFactor && !(await exempt(user)),

    enabled: (userId: string) => store.hasTotp(db, userId),

    async status(user: PublicUser, verifiedAt: Date | null): Promise<MfaStatus> {
      const totp = await store.hasTotp(db, user.id);
      return {
        totp,
        required: user.role === 'admin' && !(await exempt(user)),
        recoveryCodesLeft: totp ? await store.countUnusedRecoveryCodes(db, user.id) : 0,
        verifiedUntil: verifiedAt
          ? new Date(verifiedAt.getTime() + STEP_UP_MINUTES * 60_000).toISOString()
          : null,
      };
    },

    async setup(user: PublicUser): Promise<TotpSetup> {
      if (await store.hasTotp(db, user.id)) throw new AppError('conflict', ALREADY_ON_MESSAGE);
      const secret = newTotpSecret();
      await store.savePendingTotp(db, user.id, sealSecret(secret, key));
      return enrolmentFor(secret, user.email);
    },

    async enable(user: PublicUser, code: string): Promise<string[]> {
      const stored = await store.findTotp(db, user.id);
      if (stored?.enabled) throw new AppError('conflict', ALREADY_ON_MESSAGE);
      if (!stored) throw new AppError('bad_request', NO_SETUP_MESSAGE);
      if (!(await checkTotp(user.id, code, false)))
        throw new AppError('bad_request', WRONG_CODE_MESSAGE, { code: WRONG_CODE_MESSAGE });
      const codes = newRecoveryCodes();
      await db.transaction((tx) =>
        store.enableTotp(
          tx,
          user.id,
          codes.map((c) => hashToken(normalizeRecoveryCode(c))),
        ),
      );
      securityLog(log, 'auth.mfa_enabled', { userId: user.id });
      return codes;
    },

    /** The caller has checked the password. */
    async disable(user: PublicUser): Promise<void> {
      await db.transaction((tx) => store.removeTotp(tx, user.id));
      securityLog(log, 'auth.mfa_disabled', { userId: user.id });
    },

    /** A current TOTP code (each step once) or an unused recovery code (spent now). */
    async checkCode(userId: string, code: string): Promise<'totp' | 'recovery' | null> {
      let unreadable: unknown = null;
      try {
        if (await checkTotp(userId, code, true)) return 'totp';
      } catch (error) {
        unreadable = error;
      }
      const normalized = normalizeRecoveryCode(code);
      const recovered =
        normalized.length === 15 &&
        (await store.hasTotp(db, userId)) &&
        (await store.spendRecoveryCode(db, userId, hashToken(normalized)));
      if (recovered) return 'recovery';
      if (unreadable) throw unreadable;
      return null;
    },
  };
}

export type SecondFactor = ReturnType<typeof createSecondFactor>;
