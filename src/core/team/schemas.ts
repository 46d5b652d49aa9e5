import { z } from 'zod';
import { emailField, nameField, passwordField, phoneField } from '../validation.ts';
import { planFeatureKeys, type PlanFeature } from '../billing/plan-features.ts';
import { planTypes } from '../billing/plans.ts';
import { teamRoles } from '../users/roles.ts';

/** An invitation's link works once, for 72 hours (docs/product.md, "Teams"). */
export const TEAM_INVITE_TTL_MS = 72 * 60 * 60_000;

export const teamRoleSchema = z.enum(teamRoles, {
  message: 'Role must be dispatcher or technician',
});

export const teamRoleDescriptions = {
  dispatcher: "Sees and answers all the business's requests and assigns jobs",
  technician: 'Sees the jobs assigned to them, moves them along and shares their position',
} as const;

/** POST /api/team/invites */
export const createTeamInviteSchema = z
  .object({ email: emailField(), role: teamRoleSchema })
  .strict();
export type CreateTeamInviteInput = z.infer<typeof createTeamInviteSchema>;

export const teamInviteCreatedSchema = z.object({ id: z.uuid(), expiresAt: z.iso.datetime() });

/** An invitation still waiting, as the owner's Team tab lists it. */
export const pendingTeamInviteSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: teamRoleSchema,
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
});
export type PendingTeamInvite = z.infer<typeof pendingTeamInviteSchema>;

/** GET /api/team/members: one member of the business. */
export const teamMemberSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: teamRoleSchema,
  joinedAt: z.iso.datetime(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** What the invitation page shows before the account is made (the link's token decides). */
export const teamInvitePreviewSchema = z.object({
  businessName: z.string(),
  email: z.string(),
  role: teamRoleSchema,
  expiresAt: z.iso.datetime(),
});
export type TeamInvitePreview = z.infer<typeof teamInvitePreviewSchema>;

export const teamInviteTokenSchema = z.object({
  token: z.string().min(20, 'This invitation link is not valid').max(200),
});

/** POST /api/team/invites/accept: the member's own account, signed in at once. */
export const acceptTeamInviteSchema = z
  .object({
    token: z.string().min(20, 'This invitation link is not valid').max(200),
    name: nameField(),
    phone: phoneField(),
    password: passwordField(),
  })
  .strict();
export type AcceptTeamInviteInput = z.infer<typeof acceptTeamInviteSchema>;

/** PATCH /api/bookings/:id {technicianId}: assigns a job; null gives it back to the owner. */
export const assignTechnicianSchema = z
  .object({ technicianId: z.uuid({ message: 'Expected a valid technician id' }).nullable() })
  .strict();
export type AssignTechnicianInput = z.infer<typeof assignTechnicianSchema>;

export const TEAM_INVITE_NOT_VALID = 'This invitation link is not valid or has expired';

/**
 * GET /api/team: the business the caller works for, as what, and what its plan includes — the
 * screens decide from it what to show and where to say "Upgrade". `paused`: a member whose
 * business's plan no longer includes team accounts (they cannot act for it).
 */
export const teamContextSchema = z.object({
  providerId: z.uuid(),
  businessName: z.string(),
  role: z.enum(['owner', ...teamRoles]),
  plan: z.enum(planTypes).nullable(),
  features: z.array(z.enum(planFeatureKeys as [PlanFeature, ...PlanFeature[]])),
  paused: z.boolean(),
});
export type TeamContext = z.infer<typeof teamContextSchema>;
