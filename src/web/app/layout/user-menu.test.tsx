// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { PublicUser } from '#core/users/schemas.ts';
import UserMenu from './user-menu.tsx';

afterEach(cleanup);

const user = {
  id: 'u1',
  name: 'Marcus Johnson',
  email: 'driver@truckfinder.test',
  role: 'driver',
} as PublicUser;

it('shows the account button at once and loads the menu on the first tap, open', async () => {
  await act(async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <UserMenu user={user} />
      </QueryClientProvider>,
    );
  });
  const button = screen.getByRole('button', { name: 'Account menu for Marcus Johnson' });
  expect(button.textContent).toBe('MJ');
  expect(screen.queryByRole('menu')).toBeNull();
  await act(async () => {
    fireEvent.click(button);
  });
  const menu = await screen.findByRole('menu', undefined, { timeout: 10_000 });
  expect(menu.textContent).toContain('driver@truckfinder.test');
  expect(screen.getByRole('menuitem', { name: 'Sign Out' })).toBeTruthy();
});
