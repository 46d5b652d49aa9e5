// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyAccountTheme,
  currentTheme,
  onThemeChange,
  resetThemeForTests,
  setTheme,
  startTheme,
  storedTheme,
  THEME_KEY,
} from './theme.ts';

const bootScript = readFileSync(path.join(process.cwd(), 'src/web/public/theme-boot.js'), 'utf8');

/** A phone whose dark setting the test turns on and off, telling the page as a phone does. */
function phone(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => query),
  );
  return {
    set(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
  };
}

const html = () => document.documentElement;
const painted = () => ({
  classes: [...html().classList].sort().join(' '),
  colorScheme: html().style.colorScheme,
  themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
});

function freshPage() {
  html().className = '';
  html().removeAttribute('style');
  document.head.innerHTML = '<meta name="theme-color" content="#0f172a">';
  resetThemeForTests();
}

beforeEach(() => {
  localStorage.clear();
  freshPage();
});
afterEach(() => vi.unstubAllGlobals());

describe('the theme', () => {
  it('follows the phone when nothing was chosen', () => {
    phone(true);
    startTheme();
    expect(storedTheme()).toBe('system');
    expect(painted()).toEqual({ classes: 'dark', colorScheme: 'dark', themeColor: '#020617' });
  });

  it('forces dark on a light phone and light on a dark one, and keeps the choice', () => {
    phone(false);
    startTheme();
    setTheme('dark');
    expect(painted()).toEqual({ classes: 'dark', colorScheme: 'dark', themeColor: '#020617' });
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');

    phone(true);
    setTheme('light');
    expect(painted()).toEqual({ classes: 'light', colorScheme: 'light', themeColor: '#0f172a' });
    expect(storedTheme()).toBe('light');

    setTheme('system');
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
    expect(painted().classes).toBe('dark');
  });

  it('follows the phone live while on system, and not when a theme is forced', () => {
    const device = phone(false);
    startTheme();
    const seen: string[] = [];
    onThemeChange((resolved) => seen.push(resolved));
    device.set(true);
    expect(painted().classes).toBe('dark');
    setTheme('light');
    device.set(false);
    device.set(true);
    expect(painted().classes).toBe('light');
    expect(seen).toEqual(['dark', 'light']);
  });

  it('ignores a stored value it does not know', () => {
    phone(false);
    localStorage.setItem(THEME_KEY, 'purple');
    startTheme();
    expect(currentTheme()).toEqual({ theme: 'system', resolved: 'light' });
  });

  it('lets the account win at sign-in, once per account and theme', () => {
    phone(false);
    localStorage.setItem(THEME_KEY, 'light');
    startTheme();
    applyAccountTheme('dark', 'user-1');
    expect(storedTheme()).toBe('dark');
    expect(painted().classes).toBe('dark');

    // A choice made on the device since is not undone by the same session answer coming back.
    setTheme('light');
    applyAccountTheme('dark', 'user-1');
    expect(painted().classes).toBe('light');

    applyAccountTheme('system', 'user-1');
    expect(storedTheme()).toBe('system');
    applyAccountTheme(undefined, 'user-2');
    expect(storedTheme()).toBe('system');
  });

  it('follows a choice made in another tab', () => {
    phone(false);
    startTheme();
    localStorage.setItem(THEME_KEY, 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_KEY }));
    expect(currentTheme()).toEqual({ theme: 'dark', resolved: 'dark' });
  });
});

describe('public/theme-boot.js, run before the first paint', () => {
  for (const dark of [false, true])
    for (const stored of [null, 'system', 'light', 'dark', 'purple'])
      it(`paints as theme.ts does: ${stored ?? 'nothing'} stored on a ${dark ? 'dark' : 'light'} phone`, () => {
        phone(dark);
        if (stored) localStorage.setItem(THEME_KEY, stored);
        new Function(bootScript)();
        const boot = painted();
        freshPage();
        startTheme();
        expect(boot).toEqual(painted());
      });
});
