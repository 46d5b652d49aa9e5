// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { featureGateMessage } from '#core/billing/plan-features.ts';
import type { WebhookDelivery, WebhookEndpoint } from '#core/integrations/webhooks.ts';
import type { TeamContext } from '#core/team/schemas.ts';
import { loadMessageTable, setLanguage } from '#web/lib/i18n.ts';
import { settle } from '#web/test/settle.ts';
import WebhooksSection from './webhooks-section.tsx';

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
  features: ['team', 'fleet', 'customIntegrations'],
  paused: false,
};
const endpoint: WebhookEndpoint = {
  id: '3c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  url: 'https://dispatch.example.com/hooks',
  events: ['booking.created', 'review.created'],
  status: 'enabled',
  disabledReason: null,
  previousSecretExpiresAt: null,
  createdAt: '2026-11-26T10:00:00.000Z',
};
const delivered: WebhookDelivery = {
  id: '5e1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  eventId: '6e1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  eventType: 'test.ping',
  status: 'succeeded',
  attempts: 1,
  responseStatus: 200,
  responseBody: 'thanks',
  nextAttemptAt: null,
  deliveredAt: '2026-11-26T10:01:00.000Z',
  createdAt: '2026-11-26T10:01:00.000Z',
};

type Handler = (url: string, init: RequestInit) => Response | undefined;
function serve(context: TeamContext, handler: Handler = () => undefined) {
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const answer = handler(url, init);
    if (answer) return answer;
    if (url === '/api/team') return json(200, context);
    if (url === '/api/webhooks') return json(200, [endpoint]);
    if (url.startsWith(`/api/webhooks/${endpoint.id}/deliveries`))
      return json(200, { deliveries: [delivered], total: 1 });
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
        <WebhooksSection onUpgrade={onUpgrade} />
      </QueryClientProvider>,
    );
  });
  await settle(client);
  return { client, onUpgrade };
};

const click = async (client: QueryClient, element: HTMLElement, until?: () => boolean) => {
  await act(async () => {
    fireEvent.click(element);
  });
  await settle(client, until);
};
/** Adding an endpoint checks it first with a schema loaded then: waits until it was checked. */
const checked = (dialog: HTMLElement) => () =>
  within(dialog).queryByText('Choose at least one event') !== null ||
  within(dialog)
    .getByLabelText(/Endpoint URL/)
    .getAttribute('aria-invalid') === 'true';

describe('Webhooks on Enterprise', () => {
  it('lists the endpoints with their events, and the log with status, HTTP status and answer', async () => {
    serve(enterprise);
    const { client } = await renderSection();
    expect(screen.getByText('https://dispatch.example.com/hooks')).toBeTruthy();
    expect(screen.getByText('booking.created, review.created')).toBeTruthy();
    await click(client, screen.getByRole('button', { name: 'Show deliveries' }));
    const row = screen.getByRole('listitem', { name: 'test.ping delivery' });
    expect(within(row).getByText('Delivered')).toBeTruthy();
    expect(within(row).getByText('HTTP 200')).toBeTruthy();
    expect(within(row).getByText('thanks')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Resend' })).toBeTruthy();
  });

  it('adds an endpoint and shows its secret once, with Copy', async () => {
    const secret = `whsec_${'a'.repeat(43)}`;
    const fetch = serve(enterprise, (url, init) =>
      url === '/api/webhooks' && init.method === 'POST'
        ? json(201, { id: endpoint.id, secret })
        : undefined,
    );
    const { client } = await renderSection();
    await click(client, screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Endpoint' });
    // Checked before it is sent: a URL and at least one event.
    await click(
      client,
      within(dialog).getByRole('button', { name: 'Add Endpoint' }),
      checked(dialog),
    );
    expect(within(dialog).getByText('Enter a valid URL')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one event')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Endpoint URL/), {
      target: { value: 'https://dispatch.example.com/new' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /payment\.succeeded/ }));
    const posted = () =>
      fetch.mock.calls.find(([url, init]) => url === '/api/webhooks' && init?.method === 'POST');
    await click(
      client,
      within(dialog).getByRole('button', { name: 'Add Endpoint' }),
      () => posted() !== undefined,
    );
    const sent = posted();
    expect(JSON.parse(String(sent![1]!.body))).toEqual({
      url: 'https://dispatch.example.com/new',
      events: ['payment.succeeded'],
    });
    const shown = screen.getByRole('dialog', { name: 'Signing Secret' });
    expect((within(shown).getByLabelText('Signing secret') as HTMLInputElement).value).toBe(secret);
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeTruthy();
    await click(client, within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue(secret)).toBeNull();
  });

  it('puts the server refusal of a URL under the field', async () => {
    const message = 'This address is private: use a public address the internet can reach';
    serve(enterprise, (url, init) =>
      url === '/api/webhooks' && init.method === 'POST'
        ? json(400, { error: message, fields: { url: message } })
        : undefined,
    );
    const { client } = await renderSection();
    await click(client, screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Endpoint' });
    fireEvent.change(within(dialog).getByLabelText(/Endpoint URL/), {
      target: { value: 'https://10.0.0.1/hooks' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /booking\.created/ }));
    await click(
      client,
      within(dialog).getByRole('button', { name: 'Add Endpoint' }),
      checked(dialog),
    );
    expect(within(dialog).getByText(message)).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/Endpoint URL/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
  });

  it('asks before deleting, then deletes', async () => {
    const fetch = serve(enterprise, (url, init) =>
      init.method === 'DELETE' ? json(204, null) : undefined,
    );
    const { client } = await renderSection();
    await click(client, screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('its delivery log goes with it');
    await click(client, within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      fetch.mock.calls.some(
        ([url, init]) => url === `/api/webhooks/${endpoint.id}` && init?.method === 'DELETE',
      ),
    ).toBe(true);
  });
});

describe('Webhooks on another plan', () => {
  it('shows the gate line and an Upgrade button, and no endpoints', async () => {
    const fetch = serve({ ...enterprise, plan: 'premium', features: ['priorityQueue'] });
    const { client, onUpgrade } = await renderSection();
    expect(screen.getByText(featureGateMessage('customIntegrations'))).toBeTruthy();
    await click(client, screen.getByRole('button', { name: 'Upgrade' }));
    expect(onUpgrade).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).toBeNull();
    expect(fetch.mock.calls.some(([url]) => url === '/api/webhooks')).toBe(false);
  });
});

describe('Webhooks in Spanish', () => {
  afterEach(() => setLanguage('en'));

  it('shows the endpoints and their log in Spanish, the addresses as they are', async () => {
    await setLanguage('es');
    await loadMessageTable('es');
    serve(enterprise);
    const { client } = await renderSection();
    expect(screen.getByRole('button', { name: 'Agregar dirección' })).toBeTruthy();
    expect(screen.getByText('https://dispatch.example.com/hooks').getAttribute('translate')).toBe(
      'no',
    );
    await click(client, screen.getByRole('button', { name: 'Ver envíos' }));
    const row = screen.getByRole('listitem', { name: 'Envío test.ping' });
    expect(within(row).getByText('Entregado')).toBeTruthy();
    expect(within(row).getByText(/^Evento de prueba · 26 nov 2026.* · 1 intento$/)).toBeTruthy();
  });
});
