import type { FastifyBaseLogger } from 'fastify';
import { hashToken, newToken } from '../../secret-tokens.ts';
import type { LoginInput, RegisterInput } from '../../../core/auth/schemas.ts';
import { AppError } from '../../../core/errors.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  findCredentialsByEmail,
  findUserById,
  insertUser,
  updateUser,
  userExists,
} from '../users/users.repository.ts';
import { addressKey } from './address-key.ts';
import { createBackgroundTasks } from './background-tasks.ts';
import { claimLoginAttempt } from './login-attempts.repository.ts';
import { refuseDemoAddress } from './demo-addresses.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { assertGuessResistant } from './password-rule.ts';
import * as resets from './password-reset.repository.ts';
import { securityLog } from './security-log.ts';
import * as sessions from './sessions.repository.ts';

export const USER_EXISTS_MESSAGE = 'User already exists with this email or username';
/** How long the set-password link of an account an admin created stays valid. */
const INVITE_HOURS = 72;

export const INVALID_LOGIN_MESSAGE = 'Invalid email or password';
/** The owner of a locked account gets back in through the reset email (which clears the count). */
export const lockedMessage = (minutes: number) =>
  `Too many failed sign-in attempts. Reset your password from the link we can email you ("Forgot your password?"), or try again in ${minutes} minutes.`;

export const suspendedMessage = (reason: string | null) =>
  `This account is suspended${reason ? `: ${reason}` : ''}. Contact support@truckfinder.test to have it reactivated.`;
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

export function createAuthService(
  db: Database,
  config: Config,
  mailer: Mailer,
  log: FastifyBaseLogger,
) {
  const idleSince = () => new Date(Date.now() - config.sessionIdleHours * HOUR);
  const background = createBackgroundTasks(log);

  /** Admins' sessions end sooner: their idle and absolute limits are shorter. */
  const adminSessionLive = (session: { createdAt: Date; lastSeenAt: Date }) =>
    Date.now() - session.lastSeenAt.getTime() <= config.adminSessionIdleHours * HOUR &&
    Date.now() - session.createdAt.getTime() <= config.adminSessionMaxAgeHours * HOUR;

  async function startSession(user: PublicUser, client: ClientInfo): Promise<StartedSession> {
    const token = newToken();
    const maxAgeHours =
      user.role === 'admin' ? config.adminSessionMaxAgeHours : config.sessionMaxAgeHours;
    const expiresAt = new Date(Date.now() + maxAgeHours * HOUR);
    await sessions.insertSession(db, {
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
    });
    return { user, token, expiresAt };
  }

  async function sendResetLink(email: string, ip: string): Promise<void> {
    const found = await findCredentialsByEmail(db, email);
    if (!found) {
      securityLog(log, 'auth.password_reset_requested', { ip, knownAccount: false });
      return;
    }
    const token = newToken();
    const sent = await resets.insertResetTokenWithinLimit(
      db,
      {
        tokenHash: hashToken(token),
        userId: found.user.id,
        expiresAt: new Date(Date.now() + config.passwordResetMinutes * 60_000),
      },
      new Date(Date.now() - HOUR),
      MAX_RESETS_PER_HOUR,
    );
    securityLog(log, 'auth.password_reset_requested', {
      userId: found.user.id,
      ip,
      knownAccount: true,
      sent,
    });
    if (!sent) return;
    const link = `${config.publicUrl}/reset-password?token=${token}`;
    await mailer.send({
      to: found.user.email,
      subject: 'Reset your Truck Finder password',
      sensitive: true,
      text:
        `Hi ${found.user.name},\n\n` +
        `Someone asked to reset the password of your Truck Finder account. To choose a new one, open:\n\n${link}\n\n` +
        `The link works once and expires in ${config.passwordResetMinutes} minutes. ` +
        `If you did not ask for it, ignore this email: your password stays as it is.\n\n— Truck Finder`,
    });
  }

  return {
    startSession,

    async register(input: RegisterInput, client: ClientInfo): Promise<StartedSession> {
      await refuseDemoAddress(db, input.email);
      await assertGuessResistant(input.password, input);
      // Hashed before the check, so a taken email answers no sooner than a new one.
      const passwordHash = await hashPassword(input.password);
      if (await userExists(db, input.email, input.username))
        throw new AppError('conflict', USER_EXISTS_MESSAGE);
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
      const max = config.loginMaxFailures;
      const ip = addressKey(client.ip);
      const windowStart = new Date(Date.now() - config.loginWindowMinutes * 60_000);
      const claim = await claimLoginAttempt(db, { email: input.email, ip }, windowStart, max);
      const scope = (byEmail: number, byIp: number) =>
        byEmail >= max ? (byIp >= max ? 'account+address' : 'account') : 'address';
      if (!claim.allowed) {
        securityLog(log, 'auth.login_blocked', { ip, scope: scope(claim.byEmail, claim.byIp) });
        throw new AppError('too_many_requests', lockedMessage(config.loginWindowMinutes));
      }
      const found = await findCredentialsByEmail(db, input.email);
      if (!(await verifyPassword(found?.passwordHash ?? null, input.password)) || !found) {
        // The attempt's row stays as a failure; only ids and the address key are logged.
        const userId = found?.user.id ?? null;
        securityLog(log, 'auth.login_failed', { userId, ip, failures: claim.byEmail + 1 });
        if (claim.byEmail + 1 >= max || claim.byIp + 1 >= max)
          securityLog(log, 'auth.locked', {
            userId,
            ip,
            scope: scope(claim.byEmail + 1, claim.byIp + 1),
            minutes: config.loginWindowMinutes,
          });
        throw new AppError('unauthorized', INVALID_LOGIN_MESSAGE);
      }
      await sessions.clearFailures(db, input.email);
      // Told only to the one who knows the password, so it reveals nothing to anyone else.
      if (found.suspended)
        throw new AppError('forbidden', suspendedMessage(found.suspended.reason));
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
      if (found.user.role === 'admin' && !adminSessionLive(found)) {
        await sessions.deleteSession(db, found.sessionId);
        return null;
      }
      if (Date.now() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_MS)
        await sessions.touchSession(db, found.sessionId);
      return { user: found.user, sessionId: found.sessionId };
    },

    /**
     * Same answer, at once, whether or not the account exists: the lookup and the email happen
     * after the caller has answered, so the time taken reveals nothing either.
     */
    requestPasswordReset(email: string, client: ClientInfo): void {
      background.run('password reset email', () => sendResetLink(email, addressKey(client.ip)));
    },

    /** Waits for the work started after answering (the app does so when it closes). */
    settle: () => background.settle(),
    /** An account an admin created: its owner chooses the password through a reset link. */
    async inviteToSetPassword(user: PublicUser, businessName: string): Promise<void> {
      const token = newToken();
      await resets.insertResetToken(db, {
        tokenHash: hashToken(token),
        userId: user.id,
        expiresAt: new Date(Date.now() + INVITE_HOURS * HOUR),
      });
      const link = `${config.publicUrl}/reset-password?token=${token}`;
      await mailer.send({
        to: user.email,
        subject: 'Your Truck Finder business account is ready',
        sensitive: true,
        text:
          `Hi ${user.name},\n\n` +
          `${businessName} is now listed on Truck Finder, verified by our team. ` +
          `To sign in and run your business from the app, choose your password here:\n\n${link}\n\n` +
          `The link works once and expires in ${INVITE_HOURS} hours; after that, use "Forgot your password" ` +
          `on the sign-in page with this email address.\n\n— Truck Finder`,
      });
    },

    /** Sets the new password, spends the link and ends every session of the account. */
    async resetPassword(token: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      const resetUserId = await db.transaction(async (tx) => {
        const userId = await resets.consumeResetToken(tx, hashToken(token));
        if (!userId) return null;
        // Refused inside the transaction, so a weak choice leaves the link usable for another try.
        const owner = await findUserById(tx, userId);
        if (owner) await assertGuessResistant(password, owner);
        const user = await updateUser(tx, userId, { passwordHash });
        await resets.retireResetTokens(tx, userId);
        await sessions.deleteUserSessions(tx, userId);
        // A locked-out owner who proved their email may sign in again at once.
        if (user) await sessions.clearFailures(tx, user.email);
        return userId;
      });
      if (!resetUserId)
        throw new AppError('bad_request', INVALID_RESET_MESSAGE, { token: INVALID_RESET_MESSAGE });
      securityLog(log, 'auth.password_reset', { userId: resetUserId });
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
