/**
 * The demo accounts a server with demo data holds (docs/decisions/015-public-server-safety.md):
 * seeded by the server, offered for quick sign-in by the internal pages.
 */
export const DEMO_PASSWORD = 'truckfinder-demo';
export const demoAccounts = {
  driver: 'driver@truckfinder.test',
  mechanic: 'mechanic@truckfinder.test',
  admin: 'admin@truckfinder.test',
} as const;
