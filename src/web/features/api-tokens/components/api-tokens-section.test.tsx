// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { featureGateMessage } from '#core/billing/plan-features.ts';
import type { ApiToken } from '#core/integrations/api-tokens.ts';
import type { TeamContext } from '#core/team/schemas.ts';
import { loadMessageTable, setLanguage } from '#web/lib/i18n.ts';
import { settle } from '#web/test/settle.ts';
import ApiTokensSection from './api-tokens-section.tsx';

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
  features: ['team', 'fleet', 'apiAccess'],
  paused: false,
};
const used: ApiToken = {
  id: '3c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  name: 'Dispatch sync',
  start: 'tf_live_AbCd',
  scopes: ['bookings:read', 'availability:write'],
  expiresAt: null,
  lastUsedAt: '2026-11-20T15:04:00.000Z',
  lastUsedAddress: '203.0.113.7',
  createdAt: '2026-11-01T10:00:00.000Z',
  createdBy: 'Pat Owner',
};
const expired: ApiToken = {
  ...used,
  id: '4d1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  name: 'Old export',
  start: 'tf_live_XyZw',
  scopes: ['bookings:read'],
  expiresAt: '2026-01-01T00:00:00.000Z',
  lastUsedAt: null,
  lastUsedAddress: null,
};

type Handler = (url: string, init: RequestInit) => Response | undefined;
function serve(context: TeamContext, handler: Handler = () => undefined) {
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const answer = handler(url, init);
    if (answer) return answer;
    if (url === '/api/team') return json(200, context);
    if (url === '/api/api-tokens') return json(200, [used, expired]);
    return json(404, { error: 'Not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderSection = async (onUpgrade = vi.fn()) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <ApiTokensSection onUpgrade={onUpgrade} />
      </QueryClientProvider>,
    );
  });
  await settle(client);
  return { client, onUpgrade };
};

describe('the API section on Enterprise', () => {
  it('lists the tokens by their start, scopes, expiry and last use, and shows the business id', async () => {
    serve(enterprise);
    await renderSection();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Business ID' }).value).toBe(
      enterprise.providerId,
    );
    const row = screen.getByRole('listitem', { name: 'Dispatch sync' });
    expect(within(row).getByText('tf_live_AbCd…')).toBeTruthy();
    expect(within(row).getByText('availability:write')).toBeTruthy();
    expect(within(row).getByText(/from 203\.0\.113\.7/)).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
    const old = screen.getByRole('listitem', { name: 'Old export' });
    expect(within(old).getByText('Expired')).toBeTruthy();
    expect(within(old).getByTestId('api-token-last-used').textContent).toBe('Never');
  });

  it('creates a token and shows it once, with the scopes ticked', async () => {
    const token = `tf_live_${'a'.repeat(43)}`;
    const fetch = serve(enterprise, (url, init) =>
      url === '/api/api-tokens' && init.method === 'POST'
        ? json(201, { id: '5e1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', token })
        : undefined,
    );
    const { client } = await renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Create Token' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Fleet sync' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /bookings:write/ }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create Token' }));
    });
    const posted = () => fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    await settle(client, () => posted() !== undefined);
    const sent = posted();
    expect(JSON.parse(String(sent![1]!.body))).toEqual({
      name: 'Fleet sync',
      scopes: ['bookings:write'],
    });
    const shown = within(screen.getByRole('dialog')).getByRole<HTMLInputElement>('textbox', {
      name: 'Your new API token',
    });
    expect(shown.value).toBe(token);
    expect(screen.getByText(/You won't see it again/)).toBeTruthy();
  });

  it('asks for a name and a scope before sending anything', async () => {
    const fetch = serve(enterprise);
    const { client } = await renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Create Token' }));
    const dialog = screen.getByRole('dialog');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create Token' }));
    });
    await settle(client, () => within(dialog).queryByText('Name is required') !== null);
    expect(within(dialog).getByText('Choose at least one scope')).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});

describe('the API section below Enterprise', () => {
  it('shows the plan line and Upgrade opens Billing', async () => {
    serve({ ...enterprise, plan: 'premium', features: ['priorityQueue'] });
    const { onUpgrade } = await renderSection();
    expect(screen.getByText(featureGateMessage('apiAccess'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade' }));
    expect(onUpgrade).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Create Token' })).toBeNull();
  });
});

describe('the API section in Spanish', () => {
  afterEach(() => setLanguage('en'));

  it('shows its texts, dates and the scopes in Spanish', async () => {
    await setLanguage('es');
    await loadMessageTable('es');
    serve(enterprise);
    await renderSection();
    expect(screen.getByRole('button', { name: 'Crear token' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'ID del negocio' })).toBeTruthy();
    const old = screen.getByRole('listitem', { name: 'Old export' });
    expect(within(old).getByText('Vencido')).toBeTruthy();
    expect(within(old).getByTestId('api-token-last-used').textContent).toBe('Nunca');
    const row = screen.getByRole('listitem', { name: 'Dispatch sync' });
    expect(within(row).getByText(/desde 203\.0\.113\.7/)).toBeTruthy();
    expect(within(row).getByText(/1 nov 2026/)).toBeTruthy();
  });
});
