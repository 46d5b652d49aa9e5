import { createHash, randomBytes } from 'node:crypto';
import type { LoginInput, RegisterInput } from '../../../core/auth/schemas.ts';
import { AppError } from '../../../core/errors.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  findCredentialsByEmail,
  insertUser,
  updateUser,
  userExists,
} from '../users/users.repository.ts';
import { hashPassword, verifyPassword } from './password.ts';
import * as resets from './password-reset.repository.ts';
import * as sessions from './sessions.repository.ts';

export const USER_EXISTS_MESSAGE = 'User already exists with this email or username';
export const INVALID_LOGIN_MESSAGE = 'Invalid email or password';
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for that email, we sent a link to reset the password. Check your inbox.';
export const INVALID_RESET_MESSAGE =
  'This reset link is invalid or has expired. Request a new one.';
/** Reset emails one account may receive per hour; more requests answer the same but send nothing. */
const MAX_RESETS_PER_HOUR = 5;

const HOUR = 3_600_000;
/** A session's last-seen time is written at most this often, not on every request. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export interface StartedSession {
  user: PublicUser;
  token: string;
  expiresAt: Date;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

const newToken = () => randomBytes(32).toString('base64url');

export function createAuthService(db: Database, config: Config, mailer: Mailer) {
  const idleSince = () => new Date(Date.now() - config.sessionIdleHours * HOUR);

  async function startSession(user: PublicUser, client: ClientInfo): Promise<StartedSession> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + config.sessionMaxAgeHours * HOUR);
    await sessions.insertSession(db, {
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
    });
    return { user, token, expiresAt };
  }

  return {
    startSession,

    async register(input: RegisterInput, client: ClientInfo): Promise<StartedSession> {
      if (await userExists(db, input.email, input.username))
        throw new AppError('conflict', USER_EXISTS_MESSAGE);
      const passwordHash = await hashPassword(input.password);
      let user: PublicUser;
      try {
        user = await insertUser(db, {
          username: input.username,
          email: input.email,
          passwordHash,
          role: input.role,
          name: input.name,
          phone: input.phone,
          location: input.location || null,
          aaaMemberId: input.aaaMemberId || null,
          company: input.company || null,
          cdlNumber: input.cdlNumber || null,
          vehicleInfo: input.vehicleType ? { vehicleType: input.vehicleType } : {},
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', USER_EXISTS_MESSAGE);
        throw error;
      }
      return startSession(user, client);
    },

    async login(
      input: LoginInput,
      client: ClientInfo,
      previousSessionId: string | null,
    ): Promise<StartedSession> {
      const windowStart = new Date(Date.now() - config.loginWindowMinutes * 60_000);
      const failures = await sessions.countRecentFailures(db, input.email, client.ip, windowStart);
      if (failures.byEmail >= config.loginMaxFailures || failures.byIp >= config.loginMaxFailures) {
        throw new AppError(
          'too_many_requests',
          `Too many failed sign-in attempts. Please try again in ${config.loginWindowMinutes} minutes.`,
        );
      }
      const found = await findCredentialsByEmail(db, input.email);
      if (!(await verifyPassword(found?.passwordHash ?? null, input.password)) || !found) {
        await sessions.recordFailure(db, input.email, client.ip);
        throw new AppError('unauthorized', INVALID_LOGIN_MESSAGE);
      }
      await sessions.clearFailures(db, input.email);
      // Rotation: a sign-in always gets a new token; the one the browser held before is ended.
      if (previousSessionId) await sessions.deleteSession(db, previousSessionId);
      return startSession(found.user, client);
    },

    async logout(sessionId: string): Promise<void> {
      await sessions.deleteSession(db, sessionId);
    },

    /** The user behind a session token, if the session is still live. */
    async resolve(token: string): Promise<{ user: PublicUser; sessionId: string } | null> {
      const found = await sessions.findLiveSession(db, hashToken(token), idleSince());
      if (!found) return null;
      if (Date.now() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_MS)
        await sessions.touchSession(db, found.sessionId);
      return { user: found.user, sessionId: found.sessionId };
    },

    /** Same answer whether or not the account exists; the link goes to its email only. */
    async requestPasswordReset(email: string): Promise<void> {
      const found = await findCredentialsByEmail(db, email);
      if (!found) return;
      const since = new Date(Date.now() - HOUR);
      if ((await resets.countResetTokensSince(db, found.user.id, since)) >= MAX_RESETS_PER_HOUR)
        return;
      const token = newToken();
      await resets.insertResetToken(db, {
        tokenHash: hashToken(token),
        userId: found.user.id,
        expiresAt: new Date(Date.now() + config.passwordResetMinutes * 60_000),
      });
      const link = `${config.publicUrl}/reset-password?token=${token}`;
      await mailer.send({
        to: found.user.email,
        subject: 'Reset your Truck Finder password',
        text:
          `Hi ${found.user.name},\n\n` +
          `Someone asked to reset the password of your Truck Finder account. To choose a new one, open:\n\n${link}\n\n` +
          `The link works once and expires in ${config.passwordResetMinutes} minutes. ` +
          `If you did not ask for it, ignore this email: your password stays as it is.\n\n— Truck Finder`,
      });
    },

    /** Sets the new password, spends the link and ends every session of the account. */
    async resetPassword(token: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      const reset = await db.transaction(async (tx) => {
        const userId = await resets.consumeResetToken(tx, hashToken(token));
        if (!userId) return false;
        const user = await updateUser(tx, userId, { passwordHash });
        await resets.retireResetTokens(tx, userId);
        await sessions.deleteUserSessions(tx, userId);
        // A locked-out owner who proved their email may sign in again at once.
        if (user) await sessions.clearFailures(tx, user.email);
        return true;
      });
      if (!reset)
        throw new AppError('bad_request', INVALID_RESET_MESSAGE, { token: INVALID_RESET_MESSAGE });
    },

    /** Housekeeping: expired sessions and login failures older than the window. */
    async prune(): Promise<void> {
      await sessions.deleteStaleSessions(db, idleSince());
      await sessions.deleteOldFailures(
        db,
        new Date(Date.now() - config.loginWindowMinutes * 60_000),
      );
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
