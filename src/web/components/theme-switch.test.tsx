// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { resetThemeForTests, startTheme, THEME_KEY } from '#web/lib/theme.ts';
import { ThemeSwitch } from './theme-switch.tsx';

beforeEach(() => {
  vi.stubGlobal('matchMedia', () => ({
    matches: false,
    addEventListener() {},
    removeEventListener() {},
  }));
  localStorage.clear();
  document.documentElement.className = '';
  resetThemeForTests();
  startTheme();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('is a group of three radio buttons, System chosen until another is', () => {
  render(<ThemeSwitch />);
  const group = screen.getByRole('group', { name: 'Theme' });
  const hint = document.getElementById(group.getAttribute('aria-describedby')!);
  expect(hint?.textContent).toBe(
    'Dark is easier on the eyes in the cab at night. Saved on this device.',
  );
  const radios = screen.getAllByRole('radio');
  expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['system', 'light', 'dark']);
  expect((screen.getByRole('radio', { name: /System/ }) as HTMLInputElement).checked).toBe(true);
});

it('puts the choice in force and on the device at once, then on the account', async () => {
  const save = vi.fn(async () => undefined);
  render(<ThemeSwitch save={save} />);
  fireEvent.click(screen.getByRole('radio', { name: 'Dark' }));
  expect(document.documentElement.className).toBe('dark');
  expect(localStorage.getItem(THEME_KEY)).toBe('dark');
  expect((screen.getByRole('radio', { name: 'Dark' }) as HTMLInputElement).checked).toBe(true);
  expect(save).toHaveBeenCalledWith('dark');
  screen.getByText(/Saved on this device and your account/);
});

it('keeps the choice on the device and says so when the account refuses it', async () => {
  render(<ThemeSwitch save={() => Promise.reject(new Error('offline'))} />);
  fireEvent.click(screen.getByRole('radio', { name: 'Light' }));
  expect((await screen.findByRole('alert')).textContent).toBe(
    'Could not save the theme to your account. It is kept on this device.',
  );
  expect(document.documentElement.className).toBe('light');
  expect(localStorage.getItem(THEME_KEY)).toBe('light');
});
