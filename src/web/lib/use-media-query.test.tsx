// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaQuery, WIDE_SCREEN } from './use-media-query.ts';

/** A matchMedia whose one query matches while `wide` is true, and tells its listeners. */
function fakeScreen(wide: boolean) {
  const listeners = new Set<() => void>();
  const state = { wide };
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === WIDE_SCREEN && state.wide;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    listeners,
    resize(next: boolean) {
      state.wide = next;
      for (const listener of listeners) listener();
    },
  };
}

function Probe() {
  return <p>{useMediaQuery(WIDE_SCREEN) ? 'wide' : 'narrow'}</p>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useMediaQuery', () => {
  it('answers the query and follows the screen as it changes', () => {
    const screenSize = fakeScreen(false);
    render(<Probe />);
    expect(screen.getByText('narrow')).toBeTruthy();
    act(() => screenSize.resize(true));
    expect(screen.getByText('wide')).toBeTruthy();
    cleanup();
    expect(screenSize.listeners.size).toBe(0);
  });

  it('is false where the browser cannot tell', () => {
    vi.stubGlobal('matchMedia', undefined);
    render(<Probe />);
    expect(screen.getByText('narrow')).toBeTruthy();
  });
});
