import {
  INVALID_EMAIL_LINK_MESSAGE,
  type ChangeEmailInput,
  type ChangePasswordInput,
} from '../../../core/auth/account-changes.ts';
import { AppError } from '../../../core/errors.ts';
import { serverText } from '../../i18n/index.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Config } from '../../config.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Mailer } from '../mail/index.ts';
import {
  findCredentialsByEmail,
  findPasswordHash,
  findUserById,
  updateUser,
} from '../users/index.ts';
import { hashToken, newToken } from '../../secret-tokens.ts';
import { refuseDemoAddress } from './demo-addresses.ts';
import * as emailChanges from './email-change.repository.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { assertGuessResistant } from './password-rule.ts';
import * as resets from './password-reset.repository.ts';
import * as sessions from './sessions.repository.ts';

export const WRONG_PASSWORD_MESSAGE = 'Your current password is not correct';
export const EMAIL_TAKEN_MESSAGE = 'User already exists with this email';
const SAME_EMAIL_MESSAGE = 'This is already your email';
/** How long the link sent to a new email address stays valid. */
export const EMAIL_CHANGE_HOURS = 24;
/** Email change links one account may ask for per hour: the link goes to any address typed. */
const MAX_EMAIL_CHANGES_PER_HOUR = 5;
const HOUR = 3_600_000;

/** Changes of the signed-in account that need its current password, or a link to the new email. */
export function createAccountChangesService(db: Database, config: Config, mailer: Mailer) {
  async function checkPassword(user: PublicUser, password: string) {
    const stored = await findPasswordHash(db, user.id);
    if (!(await verifyPassword(stored, password)))
      throw new AppError('bad_request', WRONG_PASSWORD_MESSAGE, {
        currentPassword: WRONG_PASSWORD_MESSAGE,
      });
  }

  return {
    /** Sets the new password and ends every session of the account but the caller's. */
    async changePassword(
      user: PublicUser,
      sessionId: string,
      input: ChangePasswordInput,
    ): Promise<void> {
      await checkPassword(user, input.currentPassword);
      try {
        await assertGuessResistant(input.newPassword, user);
      } catch (error) {
        if (error instanceof AppError)
          throw new AppError(error.code, error.message, { newPassword: error.message });
        throw error;
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await updateUser(tx, user.id, { passwordHash });
        await sessions.deleteOtherUserSessions(tx, user.id, sessionId);
        // A reset link mailed before the change must not undo it.
        await resets.retireResetTokens(tx, user.id);
      });
      const { t } = serverText(user.language);
      await mailer.send({
        to: user.email,
        subject: t('passwordChangedSubject'),
        text: t('passwordChangedText', {
          name: user.name,
          link: `${config.publicUrl}/forgot-password`,
        }),
      });
    },

    /**
     * Sends a confirmation link to the new address; nothing changes until it is opened. The
     * current address is told, so its owner notices a change they did not ask for.
     */
    async requestEmailChange(user: PublicUser, input: ChangeEmailInput): Promise<void> {
      await checkPassword(user, input.currentPassword);
      if (input.newEmail === user.email)
        throw new AppError('bad_request', SAME_EMAIL_MESSAGE, { newEmail: SAME_EMAIL_MESSAGE });
      await refuseDemoAddress(db, input.newEmail, 'newEmail');
      const since = new Date(Date.now() - HOUR);
      if (
        (await emailChanges.countEmailChangesSince(db, user.id, since)) >=
        MAX_EMAIL_CHANGES_PER_HOUR
      )
        throw new AppError(
          'too_many_requests',
          'Too many email change requests. Please try again in an hour.',
        );
      const token = newToken();
      await db.transaction(async (tx) => {
        await emailChanges.retireEmailChangeTokens(tx, user.id);
        await emailChanges.insertEmailChangeToken(tx, {
          tokenHash: hashToken(token),
          userId: user.id,
          newEmail: input.newEmail,
          expiresAt: new Date(Date.now() + EMAIL_CHANGE_HOURS * HOUR),
        });
      });
      const link = `${config.publicUrl}/confirm-email?token=${token}`;
      const { t } = serverText(user.language);
      await mailer.send({
        to: input.newEmail,
        subject: t('confirmNewEmailSubject'),
        sensitive: true,
        text: t('confirmNewEmailText', { name: user.name, link, hours: EMAIL_CHANGE_HOURS }),
      });
      await mailer.send({
        to: user.email,
        subject: t('emailAboutToChangeSubject'),
        text: t('emailAboutToChangeText', { name: user.name, email: input.newEmail }),
      });
    },

    /**
     * An admin changes someone's email: the same link goes to the new address, and nothing
     * changes until it is opened there; the current address is told who asked. `within` runs in
     * the transaction that stores the link (the audit row).
     */
    async requestEmailChangeByAdmin(
      target: PublicUser,
      newEmail: string,
      within: (tx: Transaction) => Promise<void>,
    ): Promise<void> {
      if (newEmail === target.email)
        throw new AppError('bad_request', 'This is already their email', {
          email: 'This is already their email',
        });
      await refuseDemoAddress(db, newEmail, 'email');
      const owner = await findCredentialsByEmail(db, newEmail);
      if (owner && owner.user.id !== target.id)
        throw new AppError('conflict', EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
      const token = newToken();
      await db.transaction(async (tx) => {
        await emailChanges.retireEmailChangeTokens(tx, target.id);
        await emailChanges.insertEmailChangeToken(tx, {
          tokenHash: hashToken(token),
          userId: target.id,
          newEmail,
          expiresAt: new Date(Date.now() + EMAIL_CHANGE_HOURS * HOUR),
        });
        await within(tx);
      });
      const link = `${config.publicUrl}/confirm-email?token=${token}`;
      const { t } = serverText(target.language);
      await mailer.send({
        to: newEmail,
        subject: t('confirmNewEmailSubject'),
        sensitive: true,
        text: t('adminConfirmNewEmailText', { name: target.name, link, hours: EMAIL_CHANGE_HOURS }),
      });
      await mailer.send({
        to: target.email,
        subject: t('emailAboutToChangeSubject'),
        text: t('adminEmailAboutToChangeText', { name: target.name, email: newEmail }),
      });
    },

    /** Applies the change a link asked for; the link is spent. */
    async confirmEmailChange(token: string): Promise<{ userId: string; email: string }> {
      const changed = await db.transaction(async (tx) => {
        const request = await emailChanges.consumeEmailChangeToken(tx, hashToken(token));
        if (!request) return null;
        const before = await findUserById(tx, request.userId);
        if (!before) return null;
        const owner = await findCredentialsByEmail(tx, request.newEmail);
        if (owner && owner.user.id !== before.id)
          throw new AppError('conflict', EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
        try {
          // Opening the link sent to the new address is what confirms it.
          await updateUser(tx, before.id, { email: request.newEmail, emailVerifiedAt: new Date() });
        } catch (error) {
          if (isUniqueViolation(error))
            throw new AppError('conflict', EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
          throw error;
        }
        // Reset links went to the old address: they stop working.
        await resets.retireResetTokens(tx, before.id);
        return { user: before, newEmail: request.newEmail };
      });
      if (!changed)
        throw new AppError('bad_request', INVALID_EMAIL_LINK_MESSAGE, {
          token: INVALID_EMAIL_LINK_MESSAGE,
        });
      const { t } = serverText(changed.user.language);
      await mailer.send({
        to: changed.user.email,
        subject: t('emailChangedSubject'),
        text: t('emailChangedText', { name: changed.user.name, email: changed.newEmail }),
      });
      return { userId: changed.user.id, email: changed.newEmail };
    },

    /** Ends every session of the account, this one included. */
    async signOutEverywhere(user: PublicUser): Promise<void> {
      await sessions.deleteUserSessions(db, user.id);
    },
  };
}

export type AccountChangesService = ReturnType<typeof createAccountChangesService>;
