import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { PlanType } from '../../core/billing/plans.ts';
import type { TeamRole } from '../../core/users/roles.ts';
import { outboxEmails } from '../db/schema/index.ts';
import { subscribe } from './billing.ts';
import { insertOwnedProvider } from './providers.ts';
import { sessionCookie, signUp, type createTestApp, type TestAccount } from './test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let invited = 0;

/** The token of the newest invitation link mailed to `email` (read from the outbox table). */
export async function inviteToken(t: TestApp, email: string): Promise<string> {
  const [mail] = await t.app.database.db
    .select({ text: outboxEmails.text })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, email)))
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1);
  const token = /\/join\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  expect(token, `an invitation link mailed to ${email}`).toBeTruthy();
  return token!;
}

/** The owner invites `email` as `role` (POST /api/team/invites); answers the invite and its token. */
export async function invite(t: TestApp, ownerCookie: string, role: TeamRole, email?: string) {
  invited += 1;
  const address = email ?? `member${invited}-${Date.now().toString(36)}@example.com`;
  const response = await t.api({
    method: 'POST',
    url: '/api/team/invites',
    headers: { cookie: ownerCookie },
    payload: { email: address, role },
  });
  expect(response.statusCode, response.body).toBe(201);
  const { id } = response.json() as { id: string };
  return { id, email: address, token: await inviteToken(t, address) };
}

/** Accepts an invitation (POST /api/team/invites/accept); answers the new member signed in. */
export async function accept(t: TestApp, token: string, name = 'Casey Member') {
  const response = await t.api({
    method: 'POST',
    url: '/api/team/invites/accept',
    payload: { token, name, phone: '(214) 555-0142', password: 'correct horse battery' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return {
    cookie: sessionCookie(response)!,
    user: response.json().user as { id: string; role: string; email: string; name: string },
  };
}

/** A member who joined through the real invite and accept routes. */
export async function addMember(t: TestApp, ownerCookie: string, role: TeamRole, name?: string) {
  const { token } = await invite(t, ownerCookie, role);
  return accept(t, token, name ?? (role === 'dispatcher' ? 'Dana Dispatch' : 'Terry Wrench'));
}

export interface TestTeam {
  owner: TestAccount;
  providerId: string;
  dispatcher: { cookie: string; user: { id: string; role: string; email: string; name: string } };
  technician: { cookie: string; user: { id: string; role: string; email: string; name: string } };
}

/**
 * An approved business whose owner pays `plan` (through the test gateway), with a dispatcher
 * and a technician who joined by invitation. Members exist only under Enterprise, so for any
 * other plan the owner subscribes to Enterprise first, adds them, then changes plan at once
 * (the members then stay, paused).
 */
export async function setUpTeam(t: TestApp, plan: PlanType = 'enterprise'): Promise<TestTeam> {
  const owner = await signUp(t.app, { role: 'mechanic' });
  const provider = await insertOwnedProvider(t.app.database.db, owner.user.id);
  await subscribe(t, owner.cookie, 'enterprise');
  const dispatcher = await addMember(t, owner.cookie, 'dispatcher');
  const technician = await addMember(t, owner.cookie, 'technician');
  if (plan !== 'enterprise') await setPlan(t, owner.user.id, plan);
  return { owner, providerId: provider.id, dispatcher, technician };
}

/** Switches the owner's running plan in the database (as a plan change taking effect would). */
export async function setPlan(t: TestApp, ownerId: string, plan: PlanType) {
  const { subscriptions } = await import('../db/schema/index.ts');
  await t.app.database.db
    .update(subscriptions)
    .set({ planType: plan })
    .where(eq(subscriptions.userId, ownerId));
}
