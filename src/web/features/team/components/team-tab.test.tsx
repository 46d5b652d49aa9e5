// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { featureGateMessage } from '#core/billing/plan-features.ts';
import type { PendingTeamInvite, TeamContext, TeamMember } from '#core/team/schemas.ts';
import { settle } from '#web/test/settle.ts';
import TeamTab, { hoursLeft } from './team-tab.tsx';

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const enterprise: TeamContext = {
  providerId: '0d6c1f3a-2b4e-4c5d-8e6f-7a8b9c0d1e2f',
  businessName: 'Big Rig Repair',
  role: 'owner',
  plan: 'enterprise',
  features: ['priorityQueue', 'team', 'fleet'],
  paused: false,
};
const invite: PendingTeamInvite = {
  id: '3c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  email: 'tess@example.com',
  role: 'technician',
  expiresAt: new Date(Date.now() + 71.5 * 3_600_000).toISOString(),
  createdAt: new Date().toISOString(),
};
const member: TeamMember = {
  userId: '5e1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  name: 'Dana Dispatch',
  email: 'dana@example.com',
  phone: '(214) 555-0100',
  role: 'dispatcher',
  joinedAt: '2026-11-20T10:00:00.000Z',
};

type Handler = (url: string, init: RequestInit) => Response | undefined;
function serve(context: TeamContext, handler: Handler = () => undefined) {
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const answer = handler(url, init);
    if (answer) return answer;
    if (url === '/api/team') return json(200, context);
    if (url === '/api/team/invites') return json(200, [invite]);
    if (url === '/api/team/members') return json(200, []);
    return json(404, { error: 'Not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderTab = async (onUpgrade = vi.fn()) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <TeamTab onUpgrade={onUpgrade} />
      </QueryClientProvider>,
    );
  });
  await settle(client);
  return { client, onUpgrade };
};

describe('TeamTab on Enterprise', () => {
  it('shows the invite form with both roles, the pending invitation and no members yet', async () => {
    serve(enterprise);
    await renderTab();
    expect(screen.getByRole('form', { name: 'Invite a team member' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Dispatcher/ })).toBeTruthy();
    expect(
      screen.getByText("Sees and answers all the business's requests and assigns jobs"),
    ).toBeTruthy();
    expect(screen.getByText('tess@example.com')).toBeTruthy();
    expect(screen.getByText('Expires in 72 h')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Revoke the invitation to tess@example.com' }),
    ).toBeTruthy();
    expect(screen.getByText(/No team members yet/)).toBeTruthy();
  });

  it('puts a missing email and a taken one under the Email field', async () => {
    serve(enterprise, (url, init) =>
      url === '/api/team/invites' && init.method === 'POST'
        ? json(409, { error: 'An account with this email already exists' })
        : undefined,
    );
    const { client } = await renderTab();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send Invitation' }));
    });
    const email = screen.getByLabelText('Email');
    await settle(client, () => email.getAttribute('aria-invalid') === 'true');
    fireEvent.change(email, { target: { value: 'taken@example.com' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send Invitation' }));
    });
    await settle(client);
    expect(screen.getByText('An account with this email already exists')).toBeTruthy();
    expect(email.getAttribute('aria-describedby')).toBeTruthy();
  });

  it('asks before removing a member, saying what happens', async () => {
    const fetch = serve(enterprise, (url, init) =>
      url === '/api/team/members' && init.method !== 'DELETE' ? json(200, [member]) : undefined,
    );
    const { client } = await renderTab();
    expect(screen.getByText('Dana Dispatch')).toBeTruthy();
    expect(screen.getByText('(214) 555-0100')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove Dana Dispatch' }));
    });
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Their sessions end at once');
    expect(dialog.textContent).toContain('Their open jobs go back to you');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    });
    await settle(client);
    expect(
      fetch.mock.calls.some(
        ([url, init]) => url === `/api/team/members/${member.userId}` && init?.method === 'DELETE',
      ),
    ).toBe(true);
  });
});

describe('TeamTab on another plan', () => {
  it('shows the gate line and an Upgrade button that opens Billing, and no form', async () => {
    serve({ ...enterprise, plan: 'premium', features: ['priorityQueue'] });
    const { onUpgrade } = await renderTab();
    expect(screen.getByText(featureGateMessage('team'))).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade' }));
    expect(onUpgrade).toHaveBeenCalledOnce();
  });
});

it('counts the hours an invitation has left, never below one', () => {
  const now = Date.parse('2026-11-26T12:00:00.000Z');
  expect(hoursLeft('2026-11-29T12:00:00.000Z', now)).toBe(72);
  expect(hoursLeft('2026-11-26T12:10:00.000Z', now)).toBe(1);
  expect(hoursLeft('2026-11-26T11:00:00.000Z', now)).toBe(1);
});
