import { DEMO_PASSWORD, demoAccounts } from '../../src/core/demo-accounts.ts';
import { newApplication } from '../../src/server/test/provider-application.ts';
import type { DemoRole } from '../bundle/route-table.ts';
import { signIn, type AppServer } from './app-server.ts';

/**
 * The account a measured page opens as (check:bundle, bench:web, bench:profile): a demo account,
 * or `owner`, a business on the Enterprise plan made for the run (`enterpriseOwner`).
 */
export type PageAccount = DemoRole | 'owner';

export const isPageAccount = (name: string): name is PageAccount =>
  name === 'owner' || Object.hasOwn(demoAccounts, name);

/** The account's session cookie (`name=value`); `owner` makes its business first. */
export const sessionOf = (server: AppServer, account: PageAccount) =>
  account === 'owner'
    ? enterpriseOwner(server)
    : signIn(server, demoAccounts[account], DEMO_PASSWORD);

/**
 * A mobile mechanic's business of its own on the Enterprise plan, for the pages only that plan
 * shows (the fleet's board): applied for, approved by the demo admin and subscribed with the test
 * gateway's card, all through the API of a demo server. The demo mechanic's plan shows /fleet's
 * upgrade message instead. Answers the owner's session cookie.
 */
export async function enterpriseOwner(server: AppServer): Promise<string> {
  const tag = `${Date.now().toString(36)}${process.pid}`;
  const email = `owner${tag}@example.com`;
  const password = 'long enough password';
  const send = async (path: string, method: string, body: unknown, cookie?: string) => {
    const response = await fetch(`${server.url}/api${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        origin: server.url,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const applied = await send(
    '/provider-applications',
    'POST',
    newApplication({
      businessName: `Fleet Diesel ${tag}`,
      contactName: 'Dana Owner',
      email,
      password,
    }),
  );
  const providerId = (applied.provider as { id: string }).id;
  const admin = await signIn(server, demoAccounts.admin, DEMO_PASSWORD);
  await send(`/admin/providers/${providerId}`, 'PATCH', { verification: 'approved' }, admin);
  const owner = await signIn(server, email, password);
  const created = await send('/create-subscription', 'POST', { planType: 'enterprise' }, owner);
  const confirmed = await send(
    '/test-gateway/confirm',
    'POST',
    {
      clientSecret: created.clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
    },
    owner,
  );
  if (confirmed.status !== 'succeeded')
    throw new Error(`Enterprise subscription: ${JSON.stringify(confirmed)}`);
  return owner;
}

/**
 * Who opens a route (its pattern or an address of it) when the route table's first role cannot
 * show it whole: the fleet's board is
 * the Enterprise plan's (the demo mechanic's plan shows its upgrade message), a receipt is its
 * business's (the demo driver's jobs are paid in cash).
 */
export function accountFor(route: string, role: PageAccount | null): PageAccount | null {
  if (/^\/fleet\/?$/.test(route)) return 'owner';
  if (/^\/receipts\/[^/]+$/.test(route)) return 'mechanic';
  return role;
}
