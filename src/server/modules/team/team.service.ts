import { featuresOf } from '../../../core/billing/plan-features.ts';
import { AppError } from '../../../core/errors.ts';
import { serverText } from '../../i18n/index.ts';
import {
  TEAM_INVITE_NOT_VALID,
  TEAM_INVITE_TTL_MS,
  type AcceptTeamInviteInput,
  type CreateTeamInviteInput,
  type PendingTeamInvite,
  type TeamContext,
  type TeamInvitePreview,
  type TeamMember,
} from '../../../core/team/schemas.ts';
import type { TeamRole } from '../../../core/users/roles.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { hashToken, newToken } from '../../secret-tokens.ts';
import { assertGuessResistant, hashPassword, type ClientInfo } from '../auth/index.ts';
import type { Mailer } from '../mail/index.ts';
import { insertUser } from '../users/index.ts';
import { requireFeature, type BusinessAccess, type BusinessSide } from './business-access.ts';
import { findBusinessOf } from './team-access.repository.ts';
import * as repo from './team.repository.ts';

/** At most this many invitations wait at once per business. */
export const MAX_PENDING_INVITES = 50;

export const EMAIL_HAS_ACCOUNT = 'This email already has a Truck Finder account';
export const EMAIL_INVITED = 'This email already has a pending invitation';
export const TOO_MANY_INVITES = `A business can have at most ${MAX_PENDING_INVITES} pending invitations`;
export const MEMBER_NOT_FOUND = 'Team member not found';
export const INVITE_NOT_FOUND = 'Invitation not found';
export const ONLY_OWNER = 'Only the business owner can manage the team';

export interface TeamServiceOptions {
  db: Database;
  access: BusinessAccess;
  mailer: Mailer;
  publicUrl: string;
  /** Signs the new member in, as registering does (auth's session start). */
  startSession: (
    user: PublicUser,
    client: ClientInfo,
  ) => Promise<{ user: PublicUser; token: string; expiresAt: Date }>;
}

/** A unique username from the email's local part (members never choose one). */
const usernameFor = (email: string) =>
  `${
    email
      .split('@')[0]!
      .replace(/[^a-zA-Z0-9_]/g, '')
      .slice(0, 24) || 'member'
  }_${newToken()
    .replace(/[^a-zA-Z0-9]/g, '')
    .slice(0, 8)
    .toLowerCase()}`;

export function createTeamService({
  db,
  access,
  mailer,
  publicUrl,
  startSession,
}: TeamServiceOptions) {
  async function ownerSide(user: PublicUser): Promise<BusinessSide> {
    const side = await access.requireSide(db, user);
    if (side.role !== 'owner') throw new AppError('forbidden', ONLY_OWNER);
    return side;
  }

  return {
    /** GET /api/team: a paused member learns it here instead of from a 403. */
    async context(user: PublicUser): Promise<TeamContext> {
      let side: BusinessSide;
      let paused = false;
      try {
        side = await access.requireSide(db, user);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'forbidden') throw error;
        const row = await findBusinessOf(db, user.id);
        if (!row) throw error;
        side = { ...row, userId: user.id, plan: await access.planOf(db, row.ownerId) };
        paused = true;
      }
      return {
        providerId: side.providerId,
        businessName: await repo.businessNameOf(db, side.providerId),
        role: side.role,
        plan: side.plan,
        features: featuresOf(side.plan),
        paused,
      };
    },

    async members(user: PublicUser): Promise<TeamMember[]> {
      const side = await access.requireSide(db, user);
      if (side.role === 'technician')
        throw new AppError('forbidden', 'Only the owner and dispatchers see the team');
      const rows = await repo.listMembers(db, side.providerId);
      return rows.map((m) => ({
        ...m,
        role: m.role as TeamRole,
        joinedAt: m.joinedAt.toISOString(),
      }));
    },

    async invites(user: PublicUser): Promise<PendingTeamInvite[]> {
      const side = await ownerSide(user);
      const rows = await repo.listPendingInvites(db, side.providerId);
      return rows.map((i) => ({
        ...i,
        role: i.role as TeamRole,
        expiresAt: i.expiresAt.toISOString(),
        createdAt: i.createdAt.toISOString(),
      }));
    },

    async invite(user: PublicUser, input: CreateTeamInviteInput) {
      const side = await ownerSide(user);
      requireFeature(side, 'team');
      const email = input.email.trim().toLowerCase();
      const taken = await repo.emailTaken(db, email);
      if (taken === 'account') throw new AppError('conflict', EMAIL_HAS_ACCOUNT);
      if (taken === 'invite') throw new AppError('conflict', EMAIL_INVITED);
      if ((await repo.countPendingInvites(db, side.providerId)) >= MAX_PENDING_INVITES)
        throw new AppError('conflict', TOO_MANY_INVITES);
      const token = newToken();
      const created = await repo.insertInvite(db, {
        providerId: side.providerId,
        email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: user.id,
        expiresAt: new Date(Date.now() + TEAM_INVITE_TTL_MS),
      });
      const businessName = await repo.businessNameOf(db, side.providerId);
      const link = `${publicUrl}/join?token=${token}`;
      // The invitee has no account yet: the invitation is in the inviter's language.
      const { t } = serverText(user.language);
      await mailer.send({
        to: email,
        subject: t('teamInviteSubject', { business: businessName }),
        sensitive: true,
        text: t('teamInviteText', {
          inviter: user.name,
          business: businessName,
          role: input.role,
          link,
          hours: TEAM_INVITE_TTL_MS / 3_600_000,
        }),
      });
      return { id: created.id, expiresAt: created.expiresAt.toISOString() };
    },

    async revoke(user: PublicUser, id: string): Promise<void> {
      const side = await ownerSide(user);
      if (!(await repo.revokeInvite(db, side.providerId, id)))
        throw new AppError('not_found', INVITE_NOT_FOUND);
    },

    async preview(token: string): Promise<TeamInvitePreview> {
      const invite = await repo.findPendingInvite(db, hashToken(token));
      if (!invite) throw new AppError('not_found', TEAM_INVITE_NOT_VALID);
      return {
        businessName: invite.businessName,
        email: invite.email,
        role: invite.role,
        expiresAt: invite.expiresAt.toISOString(),
      };
    },

    /**
     * Makes the member's account from a pending invitation, in one transaction holding the
     * invitation's row: of two accepts racing, the second finds it used.
     */
    async accept(input: AcceptTeamInviteInput, client: ClientInfo) {
      const peek = await repo.findPendingInvite(db, hashToken(input.token));
      if (!peek) throw new AppError('not_found', TEAM_INVITE_NOT_VALID);
      requireFeature({ plan: await access.planOf(db, peek.ownerId) }, 'team');
      await assertGuessResistant(input.password, {
        email: peek.email,
        name: input.name,
        username: peek.email.split('@')[0]!,
      });
      const passwordHash = await hashPassword(input.password);
      let user: PublicUser;
      try {
        user = await db.transaction(async (tx) => {
          const invite = await repo.findPendingInvite(tx, hashToken(input.token), { lock: true });
          if (!invite) throw new AppError('not_found', TEAM_INVITE_NOT_VALID);
          const created = await insertUser(tx, {
            username: usernameFor(invite.email),
            email: invite.email,
            passwordHash,
            role: invite.role,
            name: input.name,
            phone: input.phone,
          });
          await repo.insertMember(tx, {
            userId: created.id,
            providerId: invite.providerId,
            invitedBy: invite.invitedBy,
          });
          await repo.markInviteAccepted(tx, invite.id, created.id);
          return created;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', EMAIL_HAS_ACCOUNT);
        throw error;
      }
      return startSession(user, client);
    },

    async remove(user: PublicUser, memberId: string): Promise<void> {
      const side = await ownerSide(user);
      const member = await repo.findMember(db, side.providerId, memberId);
      if (!member) throw new AppError('not_found', MEMBER_NOT_FOUND);
      const businessName = await repo.businessNameOf(db, side.providerId);
      await db.transaction((tx) =>
        repo.removeMember(
          tx,
          side.providerId,
          memberId,
          `removed from the team of ${businessName}`,
        ),
      );
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
