// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { categoriesFor, defaultCategoryChoices } from '#core/notification-preferences.ts';
import type { NotificationPreferences } from '#core/notification-preferences-schemas.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import { publicUser } from '#web/test/public-user.ts';
import { settle } from '#web/test/settle.ts';
import { NotificationPreferencesCard } from './notification-preferences-card.tsx';

const mechanic = publicUser({
  username: 'mo',
  email: 'mo@example.com',
  name: 'Mo Mechanic',
  role: 'mechanic',
  contacts: { emailConfirmed: true, phoneConfirmed: false },
});

const saved: NotificationPreferences = {
  channels: defaultCategoryChoices('mechanic'),
  quietHours: null,
  timeZone: 'America/Chicago',
  categories: categoriesFor('mechanic'),
  defaults: true,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let puts: unknown[];
let role: PublicUser['role'];
let failPut: boolean;
beforeEach(() => {
  puts = [];
  failPut = false;
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      const body = JSON.parse(init.body as string);
      puts.push(body);
      return failPut
        ? json(400, { error: 'Time zone must be one like America/Chicago' })
        : json(200, { ...saved, ...body, defaults: false });
    }
    return json(200, { ...saved, categories: categoriesFor(role) });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

let client: QueryClient;
async function renderCard(user = mechanic) {
  role = user.role;
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <NotificationPreferencesCard user={user} />
      </QueryClientProvider>,
    );
  });
  await settle(client);
}

describe('NotificationPreferencesCard', () => {
  it('shows a checkbox per kind and channel, texts only where they are offered', async () => {
    await renderCard();
    expect(
      (screen.getByRole('checkbox', { name: 'Job requests: Push' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      (screen.getByRole('checkbox', { name: 'Job requests: Text' }) as HTMLInputElement).checked,
    ).toBe(false);
    expect(screen.queryByRole('checkbox', { name: 'Reviews: Text' })).toBeNull();
    expect(screen.getByText('Email goes out once Email Updates is on above.')).toBeTruthy();
  });

  it('hides job requests from a driver', async () => {
    await renderCard({ ...mechanic, role: 'driver' });
    expect(screen.queryByRole('checkbox', { name: 'Job requests: Push' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Booking updates: Push' })).toBeTruthy();
  });

  it('saves the whole set when one box changes', async () => {
    await renderCard();
    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox', { name: 'Job requests: Text' }));
    });
    await settle(client);
    expect(puts).toEqual([
      {
        channels: {
          ...saved.channels,
          job_requests: { ...saved.channels.job_requests, sms: true },
        },
        quietHours: null,
        timeZone: 'America/Chicago',
      },
    ]);
    expect(
      (screen.getByRole('checkbox', { name: 'Job requests: Text' }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it("offers the device's own zone once the list is about to open", async () => {
    const device = 'Europe/Lisbon';
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...resolved.call(this), timeZone: device };
    });
    await renderCard();
    const zones = () =>
      [...(screen.getByLabelText('Time zone') as HTMLSelectElement).options].map((o) => o.value);
    expect(zones()).toContain('America/Chicago');
    expect(zones()).not.toContain(device);
    await act(async () => {
      fireEvent.focus(screen.getByLabelText('Time zone'));
    });
    expect(zones()).toContain(device);
    vi.restoreAllMocks();
  });

  it('turns quiet hours on at 22:00–07:00 and says an urgent request still rings', async () => {
    await renderCard();
    await act(async () => {
      fireEvent.click(screen.getByRole('switch', { name: 'Quiet hours' }));
    });
    await settle(client);
    expect(puts.at(-1)).toMatchObject({ quietHours: { start: '22:00', end: '07:00' } });
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('22:00');
    expect(screen.getByText(/urgent job request still rings/)).toBeTruthy();
  });

  it('puts a box back when the save fails', async () => {
    failPut = true;
    await renderCard();
    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox', { name: 'Reviews: Email' }));
    });
    await settle(client);
    expect(
      (screen.getByRole('checkbox', { name: 'Reviews: Email' }) as HTMLInputElement).checked,
    ).toBe(true);
  });
});
