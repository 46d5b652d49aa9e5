import type { PublicUser } from '#core/users/schemas.ts';

/** A signed-in user as the API answers one (GET /api/auth/session), with the test's changes. */
export const publicUser = (changes: Partial<PublicUser> = {}): PublicUser => ({
  id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  username: 'dana',
  email: 'dana@example.com',
  name: 'Dana Driver',
  role: 'driver',
  phone: '(214) 555-0142',
  location: null,
  aaaMemberId: null,
  company: null,
  cdlNumber: null,
  vehicleInfo: {},
  avatarUrl: null,
  settings: { pushNotifications: true, locationServices: true, emailUpdates: false },
  contacts: { emailConfirmed: true, phoneConfirmed: true },
  language: null,
  theme: 'system',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...changes,
});
