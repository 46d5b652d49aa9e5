import type { FastifyBaseLogger } from 'fastify';
import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  CODE_EXPIRED_MESSAGE,
  CODE_SPENT_MESSAGE,
  EMAIL_LINK_HOURS,
  INVALID_CONTACT_LINK_MESSAGE,
  NO_CODE_MESSAGE,
  PHONE_CODE_MINUTES,
  PHONE_CODE_TRIES,
  wrongCodeMessage,
} from '../../../core/contacts/schemas.ts';
import { AppError } from '../../../core/errors.ts';
import { serverText, type ServerText } from '../../i18n/index.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Config } from '../../config.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { hashToken, newToken } from '../../secret-tokens.ts';
import { createBackgroundTasks } from '../auth/index.ts';
import type { Mailer, SmsSender } from '../mail/index.ts';
import { findUserById, markContactConfirmed } from '../users/index.ts';
import * as repo from './contacts.repository.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;

export const EMAIL_ALREADY_CONFIRMED = 'Your email address is already confirmed';
export const PHONE_ALREADY_CONFIRMED = 'Your phone number is already confirmed';
export const NO_PHONE_MESSAGE = 'Add a phone number to your profile first';
export const PHONE_OPTED_OUT =
  'This phone answered STOP to our texts. Text START to our number, then ask for a code again.';
export const PHONE_UNREACHABLE =
  'We cannot text this number. Check the phone number in your profile.';
export const CODE_NOT_SENT_MESSAGE = 'We could not send the code just now. Try again in a minute.';
export const LINK_FOR_OLD_ADDRESS =
  'This link was sent to an address the account no longer uses. Ask for a new one with "Send again".';

export const CONFIRM_EMAIL_SUBJECT = serverText('en').t('confirmContactSubject');

/** The text that carries a phone code (docs/product.md, "Contacts"). */
export const phoneCodeText = (code: string, { t }: ServerText = serverText('en')) =>
  t('phoneCode', { code, minutes: PHONE_CODE_MINUTES });

/** What a code is kept as: tied to its account, so equal codes of two accounts differ. */
const codeHash = (userId: string, code: string) => hashToken(`phone:${userId}:${code}`);

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Stores a confirmation link for the user's email inside the caller's transaction (the one that
 * creates the account); answers the function that mails it once that transaction has committed.
 * The mail goes out after the answer, so a sign-up's timing tells nothing about the mail server.
 */
export type IssueEmailLink = (
  tx: Transaction,
  user: Pick<PublicUser, 'id' | 'email' | 'name'> & Partial<Pick<PublicUser, 'language'>>,
) => Promise<() => void>;

/**
 * Confirming the email by a link and the phone by a code (docs/decisions/047-confirmed-contacts.md).
 * Only confirmed contacts receive notification emails and texts.
 */
export function createContactsService(deps: {
  db: Database;
  config: Config;
  mailer: Mailer;
  sms: SmsSender;
  log: Pick<FastifyBaseLogger, 'error'>;
}) {
  const { db, config, mailer, sms } = deps;
  const background = createBackgroundTasks(deps.log);

  /** Stores a new link for the user's current email (replacing any earlier one); answers its mail. */
  async function storeEmailLink(
    tx: Transaction,
    user: Pick<PublicUser, 'id' | 'email' | 'name'> & Partial<Pick<PublicUser, 'language'>>,
  ) {
    const token = newToken();
    await repo.replaceVerification(tx, {
      userId: user.id,
      kind: 'email',
      target: user.email,
      secretHash: hashToken(token),
      expiresAt: new Date(Date.now() + EMAIL_LINK_HOURS * HOUR),
    });
    const link = `${config.publicUrl}/confirm-contact?token=${token}`;
    const { t } = serverText(user.language);
    return () =>
      mailer.send({
        to: user.email,
        subject: t('confirmContactSubject'),
        sensitive: true,
        text: t('confirmContactText', { name: user.name, link, hours: EMAIL_LINK_HOURS }),
      });
  }

  const issueEmailLink: IssueEmailLink = async (tx, user) => {
    const send = await storeEmailLink(tx, user);
    return () => background.run('email confirmation link', send);
  };

  async function current(userId: string): Promise<PublicUser> {
    const user = await findUserById(db, userId);
    if (!user) throw new AppError('unauthorized', 'Please sign in to continue');
    return user;
  }

  return {
    issueEmailLink,
    /** Waits for links still being mailed (the app does so when it closes). */
    settle: () => background.settle(),

    /** "Send again": a new link to the account's email; the earlier link stops working. */
    async sendEmailLink(userId: string): Promise<{ email: string }> {
      const user = await current(userId);
      if (user.contacts.emailConfirmed) throw new AppError('conflict', EMAIL_ALREADY_CONFIRMED);
      const send = await db.transaction((tx) => storeEmailLink(tx, user));
      await send();
      return { email: user.email };
    },

    /** Opens a link, whoever opens it: the token is the proof. Spent whatever the outcome. */
    async confirmEmail(token: string): Promise<{ userId: string; email: string }> {
      const outcome = await db.transaction(async (tx) => {
        const taken = await repo.takeEmailVerification(tx, hashToken(token));
        if (!taken) return 'invalid' as const;
        if (!(await markContactConfirmed(tx, taken.userId, 'email', taken.target)))
          return 'moved' as const;
        return { userId: taken.userId, email: taken.target };
      });
      if (outcome === 'invalid')
        throw new AppError('bad_request', INVALID_CONTACT_LINK_MESSAGE, {
          token: INVALID_CONTACT_LINK_MESSAGE,
        });
      if (outcome === 'moved')
        throw new AppError('bad_request', LINK_FOR_OLD_ADDRESS, { token: LINK_FOR_OLD_ADDRESS });
      return outcome;
    },

    /** Texts a new 6-digit code to the account's phone; an earlier code stops working. */
    async sendPhoneCode(userId: string): Promise<{ phone: string }> {
      const user = await current(userId);
      if (user.contacts.phoneConfirmed) throw new AppError('conflict', PHONE_ALREADY_CONFIRMED);
      if (!user.phone) throw new AppError('bad_request', NO_PHONE_MESSAGE);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await db.transaction(async (tx) => {
        await repo.replaceVerification(tx, {
          userId: user.id,
          kind: 'phone',
          target: user.phone,
          secretHash: codeHash(user.id, code),
          expiresAt: new Date(Date.now() + PHONE_CODE_MINUTES * MINUTE),
        });
      });
      // Sent after the commit, so the code that arrives is the one stored; the outcome is told.
      const outcome = await sms.deliver({
        to: user.phone,
        text: phoneCodeText(code, serverText(user.language)),
      });
      if (outcome.result === 'opted_out') throw new AppError('conflict', PHONE_OPTED_OUT);
      if (outcome.result === 'failed')
        throw outcome.retry
          ? new AppError('unavailable', CODE_NOT_SENT_MESSAGE)
          : new AppError('bad_request', PHONE_UNREACHABLE, { phone: PHONE_UNREACHABLE });
      return { phone: user.phone };
    },

    /**
     * Checks a code against the account's own code in flight. A wrong one counts; the fifth
     * wrong one voids the code. Refusals are answered after the transaction, so the count stays.
     */
    async confirmPhone(userId: string, code: string): Promise<{ phone: string }> {
      const outcome = await db.transaction(async (tx): Promise<string | { phone: string }> => {
        const user = await findUserById(tx, userId);
        const pending = await repo.lockPhoneVerification(tx, userId);
        if (!user || !pending || pending.target !== user.phone) {
          if (pending) await repo.deleteVerification(tx, userId, 'phone');
          return NO_CODE_MESSAGE;
        }
        if (pending.expired || pending.attempts >= PHONE_CODE_TRIES) {
          await repo.deleteVerification(tx, userId, 'phone');
          return pending.expired ? CODE_EXPIRED_MESSAGE : CODE_SPENT_MESSAGE;
        }
        if (sameHash(codeHash(userId, code), pending.secretHash)) {
          await repo.deleteVerification(tx, userId, 'phone');
          await markContactConfirmed(tx, userId, 'phone', pending.target);
          return { phone: pending.target };
        }
        const tries = await repo.countWrongCode(tx, userId);
        if (tries >= PHONE_CODE_TRIES) {
          await repo.deleteVerification(tx, userId, 'phone');
          return CODE_SPENT_MESSAGE;
        }
        return wrongCodeMessage(PHONE_CODE_TRIES - tries);
      });
      if (typeof outcome === 'string')
        throw new AppError('bad_request', outcome, { code: outcome });
      return outcome;
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
