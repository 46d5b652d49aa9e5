import type { FastifyBaseLogger } from 'fastify';
import { hashToken, newToken } from '../../secret-tokens.ts';
import type { LoginInput, RegisterInput } from '../../../core/auth/schemas.ts';
import { type StepUpInput } from '../../../core/auth/second-factor.ts';
import { STEP_UP_MINUTES } from '../../../core/auth/step-up.ts';
import { AppError } from '../../../core/errors.ts';
import { serverText } from '../../i18n/index.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { IssueEmailLink } from '../contacts/index.ts';
import type { Mailer } from '../mail/index.ts';
import {
  findCredentialsByEmail,
  findPasswordHash,
  findUserById,
  insertUser,
  updateUser,
  userExists,
} from '../users/index.ts';
import { addressKey } from './address-key.ts';
import { createBackgroundTasks } from './background-tasks.ts';
import { isKnownDevice, forgetUnusedDevices, rememberDevice } from './known-devices.repository.ts';
import * as attempts from './login-attempts.repository.ts';
import { waitSeconds } from './login-throttle.ts';
import { refuseDemoAddress } from './demo-addresses.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { assertGuessResistant } from './password-rule.ts';
import * as resets from './password-reset.repository.ts';
import { securityLog } from './security-log.ts';
import {
  createSecondFactor,
  WRONG_CODE_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from './second-factor.service.ts';
import { deleteSessionSubscriptions } from '../push/index.ts';
import * as sessions from './sessions.repository.ts';

export const USER_EXISTS_MESSAGE = 'User already exists with this email or username';
/** How long the set-password link of an account an admin created stays valid. */
const INVITE_HOURS = 72;

export const INVALID_LOGIN_MESSAGE = 'Invalid email or password';
const waitLabel = (seconds: number) =>
  seconds < 60 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
/**
 * A slowed sign-in. The owner still gets in with a two-step code, from a browser that signed in
 * before, or through the reset email (which clears the account's count).
 */
export const slowedMessage = (seconds: number) =>
  `Too many failed sign-in attempts. Try again in ${waitLabel(seconds)}, sign in with your two-step code, or reset your password from the link we can email you ("Forgot your password?").`;
export const SIGN_IN_EXPIRED_MESSAGE = 'Your sign-in timed out. Sign in again.';
export const TOO_MANY_CODES_MESSAGE = 'Too many wrong codes. Sign in again.';
/** A sign-in waiting for its second factor lives this long. */
const CHALLENGE_MINUTES = 5;
/** Wrong codes one waiting sign-in may take; then its password must be given again. */
const CHALLENGE_TRIES = 5;
/** A known device is forgotten after this long without a sign-in. */
const KNOWN_DEVICE_DAYS = 400;

/** A wait before the next sign-in attempt: 429 with Retry-After. */
export class SlowDownError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(seconds: number) {
    super('too_many_requests', slowedMessage(seconds));
    this.retryAfterSeconds = seconds;
  }
}

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
  /** The browser's known-device cookie, if it has one. */
  deviceToken?: string | null;
}

export interface StartedSession {
  user: PublicUser;
  token: string;
  expiresAt: Date;
  /** For the known-device cookie: the browser's token, kept or new. */
  deviceToken?: string;
}

/** A password accepted for an account with a second factor: no session until the code comes. */
export interface SecondFactorChallenge {
  mfaRequired: true;
  token: string;
  expiresAt: Date;
}

export function createAuthService(
  db: Database,
  config: Config,
  mailer: Mailer,
  log: FastifyBaseLogger,
  /** Mails the link that confirms a new account's email (the contacts module). */
  issueEmailLink: IssueEmailLink,
) {
  const idleSince = () => new Date(Date.now() - config.sessionIdleHours * HOUR);
  const background = createBackgroundTasks(log);

  /** Admins' sessions end sooner: their idle and absolute limits are shorter. */
  const adminSessionLive = (session: { createdAt: Date; lastSeenAt: Date }) =>
    Date.now() - session.lastSeenAt.getTime() <= config.adminSessionIdleHours * HOUR &&
    Date.now() - session.createdAt.getTime() <= config.adminSessionMaxAgeHours * HOUR;

  const secondFactor = createSecondFactor(db, config, log);
  const throttle = {
    freeFailures: config.loginMaxFailures,
    maxDelaySeconds: config.loginMaxDelaySeconds,
  };
  const windowStart = () => new Date(Date.now() - config.loginWindowMinutes * 60_000);
  const claim = (attempt: attempts.Attempt, keys: readonly attempts.AttemptKey[]) =>
    attempts.claimLoginAttempt(db, attempt, keys, windowStart(), (failures, last) =>
      waitSeconds(failures, last, Date.now(), throttle),
    );

  /** A session proven by a password (and its second factor): sensitive actions are open for a while. */
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
      verifiedAt: new Date(),
    });
    return { user, token, expiresAt };
  }

  /**
   * The password or a code given inside a session. Wrong tries count for the account and slow
   * this session, so a borrowed session cannot guess the password freely.
   */
  async function provedInSession(
    user: PublicUser,
    sessionId: string,
    input: StepUpInput,
    client: ClientInfo,
  ): Promise<void> {
    const ip = addressKey(client.ip);
    const claimed = await claim({ email: user.email, ip, device: `session:${sessionId}` }, [
      'device',
    ]);
    if (!claimed.allowed) throw new SlowDownError(claimed.retryAfterSeconds);
    const ok =
      input.password !== undefined
        ? await verifyPassword(await findPasswordHash(db, user.id), input.password)
        : (await secondFactor.checkCode(user.id, input.code ?? '')) !== null;
    if (!ok) {
      securityLog(log, 'auth.step_up_failed', { userId: user.id, ip });
      const field = input.password !== undefined ? 'password' : 'code';
      const message = field === 'password' ? WRONG_PASSWORD_MESSAGE : WRONG_CODE_MESSAGE;
      throw new AppError('bad_request', message, { [field]: message });
    }
    await attempts.forgetAttempt(db, claimed.attemptId);
  }

  /** A finished sign-in: a new session, and this browser known to the account from now on. */
  async function completeSignIn(
    user: PublicUser,
    client: ClientInfo,
    replaced: string | null,
  ): Promise<StartedSession> {
    // Rotation: a sign-in always gets a new token; the one the browser held before is ended.
    if (replaced) await sessions.deleteSession(db, replaced);
    const deviceToken = client.deviceToken ?? newToken();
    await rememberDevice(db, user.id, hashToken(deviceToken));
    return { ...(await startSession(user, client)), deviceToken };
  }

  async function startChallenge(
    user: PublicUser,
    client: ClientInfo,
    replaced: string | null,
  ): Promise<SecondFactorChallenge> {
    if (replaced) await sessions.deleteSession(db, replaced);
    const token = newToken();
    const expiresAt = new Date(Date.now() + CHALLENGE_MINUTES * 60_000);
    await sessions.insertSession(db, {
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      mfaPending: true,
    });
    return { mfaRequired: true, token, expiresAt };
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
    const { t } = serverText(found.user.language);
    await mailer.send({
      to: found.user.email,
      subject: t('resetSubject'),
      sensitive: true,
      text: t('resetText', {
        name: found.user.name,
        link,
        minutes: config.passwordResetMinutes,
      }),
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
      let created: { user: PublicUser; sendLink: () => void };
      try {
        created = await db.transaction(async (tx) => {
          const user = await insertUser(tx, {
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
          return { user, sendLink: await issueEmailLink(tx, user) };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', USER_EXISTS_MESSAGE);
        throw error;
      }
      created.sendLink();
      return startSession(created.user, client);
    },

    /**
     * Password sign-in, slowed rather than locked (docs/decisions/038-sign-in-throttling.md): an
     * attempt waits while the account or the address has too many recent failures; a browser
     * that signed in to the account before counts only its own. While the account is slowed,
     * the right password with a current two-step code still signs in (the address still counts).
     */
    async login(
      input: LoginInput,
      client: ClientInfo,
      previousSessionId: string | null,
    ): Promise<StartedSession | SecondFactorChallenge> {
      const ip = addressKey(client.ip);
      const found = await findCredentialsByEmail(db, input.email);
      const deviceHash = client.deviceToken ? hashToken(client.deviceToken) : null;
      const known =
        found !== null &&
        deviceHash !== null &&
        (await isKnownDevice(db, found.user.id, deviceHash));
      const attempt = { email: input.email, ip, device: known ? deviceHash : null };
      let claimed = await claim(attempt, known ? ['device'] : ['email', 'ip']);
      let slowed: SlowDownError | null = null;
      if (!claimed.allowed) {
        securityLog(log, 'auth.login_blocked', { ip, scope: claimed.blockedBy });
        slowed = new SlowDownError(claimed.retryAfterSeconds);
        if (!input.code || claimed.blockedBy !== 'email') throw slowed;
        claimed = await claim(attempt, ['ip']);
        if (!claimed.allowed) throw new SlowDownError(claimed.retryAfterSeconds);
      }
      const passwordOk = await verifyPassword(found?.passwordHash ?? null, input.password);
      if (!passwordOk || !found) {
        // The attempt's row stays as a failure; only ids and the address key are logged.
        const userId = found?.user.id ?? null;
        const failures = Math.max(claimed.failures.email, claimed.failures.device) + 1;
        securityLog(log, 'auth.login_failed', { userId, ip, failures });
        if (
          failures === config.loginMaxFailures ||
          claimed.failures.ip + 1 === config.loginMaxFailures
        )
          securityLog(log, 'auth.login_slowed', { userId, ip });
        throw slowed ?? new AppError('unauthorized', INVALID_LOGIN_MESSAGE);
      }
      // Told only to the one who knows the password, so it reveals nothing to anyone else.
      if (found.suspended && !slowed)
        throw new AppError('forbidden', suspendedMessage(found.suspended.reason));
      const needsCode = await secondFactor.enabled(found.user.id);
      if (slowed) {
        // Only the password and a current code together get past the wait, and tell nothing else.
        const used =
          needsCode && input.code ? await secondFactor.checkCode(found.user.id, input.code) : null;
        if (!used || found.suspended) throw slowed;
      } else if (needsCode) {
        if (!input.code) {
          await attempts.forgetAttempt(db, claimed.attemptId);
          return startChallenge(found.user, client, previousSessionId);
        }
        if (!(await secondFactor.checkCode(found.user.id, input.code))) {
          securityLog(log, 'auth.mfa_failed', { userId: found.user.id, ip });
          throw new AppError('unauthorized', WRONG_CODE_MESSAGE);
        }
      }
      await attempts.forgetAttempt(db, claimed.attemptId);
      return completeSignIn(found.user, client, previousSessionId);
    },

    /** The second step of a sign-in: a TOTP code (each step once) or a recovery code (each once). */
    async verifySecondFactor(
      challengeToken: string | undefined,
      code: string,
      client: ClientInfo,
    ): Promise<StartedSession> {
      const pending = challengeToken
        ? await sessions.findPendingSession(db, hashToken(challengeToken))
        : null;
      if (!pending) throw new AppError('bad_request', SIGN_IN_EXPIRED_MESSAGE);
      const ip = addressKey(client.ip);
      const attempt = { email: pending.user.email, ip, device: `challenge:${pending.sessionId}` };
      const claimed = await claim(attempt, ['device', 'ip']);
      if (!claimed.allowed) throw new SlowDownError(claimed.retryAfterSeconds);
      const used = await secondFactor.checkCode(pending.user.id, code);
      if (!used) {
        securityLog(log, 'auth.mfa_failed', { userId: pending.user.id, ip });
        if (claimed.failures.device + 1 >= CHALLENGE_TRIES) {
          await sessions.deleteSession(db, pending.sessionId);
          throw new AppError('bad_request', TOO_MANY_CODES_MESSAGE);
        }
        throw new AppError('bad_request', WRONG_CODE_MESSAGE, { code: WRONG_CODE_MESSAGE });
      }
      if (used === 'recovery')
        securityLog(log, 'auth.recovery_code_used', { userId: pending.user.id });
      await attempts.forgetAttempt(db, claimed.attemptId);
      // Two right codes at once (a TOTP and a recovery code) start one session, not two.
      if (!(await sessions.deleteSession(db, pending.sessionId)))
        throw new AppError('bad_request', SIGN_IN_EXPIRED_MESSAGE);
      return completeSignIn(pending.user, client, null);
    },

    /**
     * Step-up: the password or a code again, so that role changes, exports and outbox reads are
     * open for STEP_UP_MINUTES. Wrong tries count for the account and slow this session.
     */
    async stepUp(
      user: PublicUser,
      sessionId: string,
      input: StepUpInput,
      client: ClientInfo,
    ): Promise<{ verifiedUntil: string }> {
      await provedInSession(user, sessionId, input, client);
      const now = new Date();
      await sessions.markVerified(db, sessionId, now);
      return { verifiedUntil: new Date(now.getTime() + STEP_UP_MINUTES * 60_000).toISOString() };
    },

    /**
     * The account's password again before an act that cannot be undone (turning two-step sign-in
     * off, deleting the account): checked like a step-up's, so wrong tries slow this session.
     */
    async confirmPassword(
      user: PublicUser,
      sessionId: string,
      password: string,
      client: ClientInfo,
    ): Promise<void> {
      await provedInSession(user, sessionId, { password }, client);
    },

    /** Turns two-step sign-in off once the password is confirmed. */
    async disableSecondFactor(
      user: PublicUser,
      sessionId: string,
      password: string,
      client: ClientInfo,
    ): Promise<void> {
      await provedInSession(user, sessionId, { password }, client);
      await secondFactor.disable(user);
    },

    secondFactor,

    /** Ends the session; the devices subscribed to push in it stop receiving. */
    async logout(sessionId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await deleteSessionSubscriptions(tx, sessionId);
        await sessions.deleteSession(tx, sessionId);
      });
    },

    /** The user behind a session token, if the session is still live. */
    async resolve(token: string): Promise<{
      user: PublicUser;
      sessionId: string;
      verifiedAt: Date | null;
      secondFactor: boolean;
      mustEnrol: boolean;
    } | null> {
      const found = await sessions.findLiveSession(db, hashToken(token), idleSince());
      if (!found) return null;
      if (found.user.role === 'admin' && !adminSessionLive(found)) {
        await sessions.deleteSession(db, found.sessionId);
        return null;
      }
      if (Date.now() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_MS)
        await sessions.touchSession(db, found.sessionId);
      return {
        user: found.user,
        sessionId: found.sessionId,
        verifiedAt: found.verifiedAt,
        secondFactor: found.secondFactor,
        mustEnrol: await secondFactor.mustEnrol(found.user, found.secondFactor),
      };
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
      const { t } = serverText(user.language);
      await mailer.send({
        to: user.email,
        subject: t('businessReadySubject'),
        sensitive: true,
        text: t('businessReadyText', {
          name: user.name,
          business: businessName,
          link,
          hours: INVITE_HOURS,
        }),
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
        // A slowed-down owner who proved their email may sign in again at once.
        if (user) await attempts.clearAccountFailures(tx, user.email);
        return userId;
      });
      if (!resetUserId)
        throw new AppError('bad_request', INVALID_RESET_MESSAGE, { token: INVALID_RESET_MESSAGE });
      securityLog(log, 'auth.password_reset', { userId: resetUserId });
    },

    /** Housekeeping: expired sessions, login failures older than the window, unused devices. */
    async prune(): Promise<void> {
      await sessions.deleteStaleSessions(db, idleSince());
      await attempts.deleteOldFailures(db, windowStart());
      await forgetUnusedDevices(db, new Date(Date.now() - KNOWN_DEVICE_DAYS * 24 * HOUR));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
