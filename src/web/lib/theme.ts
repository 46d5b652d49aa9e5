import { useSyncExternalStore } from 'react';
import { themes, type Theme } from '#core/users/theme.ts';

/**
 * The colour theme (docs/decisions/062-night-mode.md): the choice is kept on the device and the
 * account; `<html>` always carries the theme in force as a class, `dark` or `light`, which
 * styles.css and Tailwind's `dark:` read. 'system' follows the phone's setting live.
 * public/theme-boot.js applies the device's choice before the first paint with the same rules:
 * keep the two in step (theme.test.ts runs both).
 */
export type { Theme };
export type ResolvedTheme = 'light' | 'dark';

/** The device's copy of the choice, in localStorage. */
export const THEME_KEY = 'tf-theme';

/** The browser bar's colour: the header's (styles.css --brand) in each theme. */
export const THEME_COLOURS: Record<ResolvedTheme, string> = { light: '#0f172a', dark: '#020617' };

const DARK_QUERY = '(prefers-color-scheme: dark)';

const isTheme = (value: unknown): value is Theme => themes.includes(value as Theme);

/** The choice kept on this device; 'system' when there is none. */
export function storedTheme(): Theme {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return isTheme(value) ? value : 'system';
  } catch {
    return 'system';
  }
}

const systemDark = () =>
  typeof window !== 'undefined' && (window.matchMedia?.(DARK_QUERY).matches ?? false);

/** The theme in force for a choice: 'system' reads the phone's setting now. */
export const resolveTheme = (theme: Theme): ResolvedTheme =>
  theme === 'system' ? (systemDark() ? 'dark' : 'light') : theme;

interface State {
  theme: Theme;
  resolved: ResolvedTheme;
}

const initial = (): State => {
  if (typeof window === 'undefined') return { theme: 'system', resolved: 'light' };
  const theme = storedTheme();
  return { theme, resolved: resolveTheme(theme) };
};

// What public/theme-boot.js put in force, until startTheme() takes over.
let state: State = initial();
const listeners = new Set<() => void>();

function paint(resolved: ResolvedTheme) {
  const root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.classList.toggle('light', resolved === 'light');
  root.style.colorScheme = resolved;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.append(meta);
  }
  meta.content = THEME_COLOURS[resolved];
}

/** Puts `theme` in force on the page (not saved anywhere). */
function apply(theme: Theme) {
  const next = { theme, resolved: resolveTheme(theme) };
  paint(next.resolved);
  if (next.theme === state.theme && next.resolved === state.resolved) return;
  state = next;
  for (const listener of listeners) listener();
}

/** The user's choice: kept on this device and put in force at once. */
export function setTheme(theme: Theme) {
  try {
    if (theme === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage refused (a private window, full): the choice holds for this page only.
  }
  apply(theme);
}

let lastAccountTheme: string | undefined;

/**
 * The signed-in account's theme wins over the device's copy: call it with the session's user
 * each time it arrives. It acts when the account (or its theme) differs from the last one seen,
 * so a choice made on this device since is not undone by the same answer coming back.
 */
export function applyAccountTheme(theme: Theme | undefined, accountId = '') {
  if (!isTheme(theme)) return;
  const seen = `${accountId}:${theme}`;
  if (seen === lastAccountTheme) return;
  lastAccountTheme = seen;
  setTheme(theme);
}

let stopFollowing: (() => void) | null = null;

/**
 * Puts the device's choice in force and keeps it so: follows the phone's setting while the choice
 * is 'system', and a choice made in another tab. Call once, first thing in main.tsx.
 */
export function startTheme() {
  apply(storedTheme());
  if (stopFollowing || typeof window === 'undefined') return;
  const phone = window.matchMedia?.(DARK_QUERY);
  const onPhone = () => {
    if (state.theme === 'system') apply('system');
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_KEY || event.key === null) apply(storedTheme());
  };
  phone?.addEventListener?.('change', onPhone);
  window.addEventListener('storage', onStorage);
  stopFollowing = () => {
    phone?.removeEventListener?.('change', onPhone);
    window.removeEventListener('storage', onStorage);
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const current = () => state;

/** The choice and the theme in force now, outside React. */
export const currentTheme = (): Readonly<State> => state;

/** Calls `listener` with the theme in force each time it changes; returns the unsubscribe. */
export function onThemeChange(listener: (resolved: ResolvedTheme) => void) {
  let last = state.resolved;
  return subscribe(() => {
    if (state.resolved === last) return;
    last = state.resolved;
    listener(last);
  });
}

/** The choice and the theme in force, re-rendering when either changes. */
export const useTheme = (): Readonly<State> => useSyncExternalStore(subscribe, current, current);

/** Test helper: forgets what was applied, as on a fresh page load. */
export function resetThemeForTests() {
  state = { theme: 'system', resolved: 'light' };
  lastAccountTheme = undefined;
  listeners.clear();
  stopFollowing?.();
  stopFollowing = null;
}
