import { expect, it } from 'vitest';
import { accountFor, isPageAccount } from './page-accounts.ts';

it('opens the fleet as an Enterprise owner and a receipt as its business, by pattern or address', () => {
  expect(accountFor('/fleet', 'mechanic')).toBe('owner');
  expect(accountFor('/fleet/', null)).toBe('owner');
  expect(accountFor('/receipts/:id', 'driver')).toBe('mechanic');
  expect(accountFor('/receipts/3f1c2d3e', 'driver')).toBe('mechanic');
  expect(accountFor('/fleetwood', 'driver')).toBe('driver');
  expect(accountFor('/bookings', 'driver')).toBe('driver');
  expect(accountFor('/home', null)).toBeNull();
});

it('knows the accounts a page may name after @', () => {
  expect(['driver', 'mechanic', 'admin', 'owner'].every(isPageAccount)).toBe(true);
  expect(isPageAccount('root')).toBe(false);
  expect(isPageAccount('toString')).toBe(false);
});
