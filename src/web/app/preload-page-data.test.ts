// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createElement, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '#core/users/roles.ts';
import { publicUser } from '#web/test/public-user.ts';
import { contactsBanner } from '#web/features/contacts/index.ts';
import { preloadPageData, routeOf } from './router.tsx';

const userOf = (role: Role) => publicUser({ role });

/** The business a shop's account works for: with or without the Enterprise fleet board. */
let teamFeatures: string[] = [];
/** The signed-in admin's two-step sign-in. */
let mfa = { totp: true, required: true, recoveryCodesLeft: 8, verifiedUntil: null };
let asked: string[] = [];
let client: QueryClient;

beforeEach(() => {
  asked = [];
  teamFeatures = [];
  mfa = { totp: true, required: true, recoveryCodesLeft: 8, verifiedUntil: null };
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      asked.push(`${url.pathname}${url.search}`);
      const body =
        url.pathname === '/api/auth/mfa'
          ? mfa
          : url.pathname === '/api/team'
            ? {
                providerId: '7a1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
                businessName: 'Lone Star Diesel',
                role: 'owner',
                plan: 'premium',
                features: teamFeatures,
                paused: false,
              }
            : [];
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  client.clear();
});

const open = (path: string, role: Role | null, search = '') =>
  preloadPageData(path, client, role ? userOf(role) : null, new URLSearchParams(search));

describe('preloadPageData', () => {
  it("asks for a driver's bookings and help requests, and leaves them in the page's cache", async () => {
    await open('/bookings', 'driver');
    expect(asked.sort()).toEqual(['/api/bookings', '/api/help-requests']);
    expect(client.getQueryData(['bookings'])).toEqual([]);
    expect(client.getQueryData(['help-requests', 'mine'])).toEqual([]);
  });

  it("asks for a dispatcher's bookings and the shop's invitations, not its allowance", async () => {
    await open('/bookings', 'dispatcher');
    expect(asked.sort()).toEqual(['/api/bookings', '/api/help-requests/asked', '/api/team']);
  });

  it('asks an admin who must still turn two-step sign-in on for nothing the console refuses', async () => {
    mfa = { totp: false, required: true, recoveryCodesLeft: 0, verifiedUntil: null };
    await open('/admin', 'admin');
    expect(asked).toEqual(['/api/auth/mfa']);
  });

  it("asks for a shop's business with its bookings, invitations and allowance", async () => {
    await open('/bookings', 'mechanic');
    expect(asked.sort()).toEqual([
      '/api/billing/allowance',
      '/api/bookings',
      '/api/help-requests/asked',
      '/api/team',
    ]);
  });

  it('asks for the fleet board only when the plan has it', async () => {
    await open('/fleet', 'mechanic');
    expect(asked).toEqual(['/api/team']);
    client.clear();
    asked = [];
    teamFeatures = ['fleet'];
    await open('/fleet', 'dispatcher');
    expect(asked).toHaveLength(2);
    expect(asked[1]).toMatch(/^\/api\/fleet\?tz=/);
  });

  it('asks for nothing on a page the role may not open, nor on a public page', async () => {
    await open('/fleet', 'driver');
    await open('/admin', 'mechanic');
    await open('/home', 'driver');
    expect(asked).toEqual([]);
  });

  it("asks for the console's first providers only when it opens on that tab without a search", async () => {
    await open('/admin', 'admin');
    expect(asked.sort()).toEqual([
      '/api/admin/dashboard',
      '/api/admin/providers?page=1&pageSize=20',
      '/api/auth/mfa',
    ]);
    asked = [];
    client.clear();
    await open('/admin', 'admin', 'tab=users');
    await open('/admin', 'admin', 'q=diesel');
    expect(asked.filter((url) => url.startsWith('/api/admin/providers'))).toEqual([]);
  });

  it("asks for a driver's profile cards, and a mechanic's business", async () => {
    await open('/profile', 'driver');
    expect(asked.sort()).toEqual(['/api/auth/mfa', '/api/meta', '/api/notification-preferences']);
    asked = [];
    await open('/profile', 'mechanic');
    expect(asked.sort()).toEqual([
      '/api/service-providers/by-user/6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
      '/api/team',
    ]);
  });

  it('asks for a receipt, a shared job and a provider by the address', async () => {
    await open('/receipts/9d1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f', 'mechanic');
    await open('/track/abc123', null);
    await open('/providers/5e1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f', null);
    expect(asked.sort()).toEqual([
      '/api/payments/9d1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
      '/api/providers/5e1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
      '/api/team',
      '/api/track/abc123',
    ]);
  });

  it('asks for nothing signed out on a signed-in page', async () => {
    await open('/receipts/9d1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f', null);
    await open('/bookings', null);
    expect(asked).toEqual([]);
  });

  it('ends when an answer fails: the page shows its own error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"Something went wrong"}', { status: 500 })),
    );
    await expect(open('/bookings', 'driver')).resolves.toBeUndefined();
    expect(client.getQueryState(['bookings'])?.status).toBe('error');
  });
});

describe('routeOf', () => {
  it('finds the route of a path and its parameters, as the Switch does', () => {
    expect(routeOf('/')?.route.path).toBe('/');
    expect(routeOf('/bookings')?.route.path).toBe('/bookings');
    expect(routeOf('/receipts/abc-123')).toMatchObject({
      route: { path: '/receipts/:id' },
      params: { id: 'abc-123' },
    });
    expect(routeOf('/receipts')).toBeNull();
    expect(routeOf('/receipts/a/b')).toBeNull();
    expect(routeOf('/nowhere')).toBeNull();
    expect(routeOf('/bookings/')?.route.path).toBe('/bookings');
    expect(routeOf('/Bookings')?.route.path).toBe('/bookings');
    expect(routeOf('//bookings')).toBeNull();
    expect(routeOf('/receipts//')).toBeNull();
    expect(routeOf('/providers/a%20b')?.params).toEqual({ id: 'a b' });
  });
});

describe('the contacts banner', () => {
  afterEach(cleanup);

  it('has its code with the first page when the account has a contact to confirm', async () => {
    const user = publicUser({ contacts: { emailConfirmed: false, phoneConfirmed: true } });
    await preloadPageData('/home', client, user, new URLSearchParams());
    // Rendered at once, as part of the page's first commit: no fallback in its place meanwhile.
    render(
      createElement(
        QueryClientProvider,
        { client },
        createElement(
          Suspense,
          { fallback: 'waiting for the banner' },
          createElement(contactsBanner.Component, { user }),
        ),
      ),
    );
    expect(screen.queryByText('waiting for the banner')).toBeNull();
    expect(screen.getByText('Confirm your email address to get notification emails.')).toBeTruthy();
  });
});

describe('preloadPageData without its module', () => {
  it('ends quietly when what the page asks for cannot be loaded, the business still asked for', async () => {
    vi.resetModules();
    vi.doMock('../features/bookings/page-data.ts', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const { preloadPageData: preload } = await import('./router.tsx');
    await expect(
      preload('/bookings', client, userOf('mechanic'), new URLSearchParams()),
    ).resolves.toBeUndefined();
    expect(asked).toEqual(['/api/team']);
    vi.doUnmock('../features/bookings/page-data.ts');
  });
});
