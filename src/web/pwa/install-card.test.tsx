// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InstallCard } from './install-card.tsx';
import { INSTALL_DISMISSED_KEY, INSTALL_PROMPT_DELAY_MS } from './use-install-prompt.ts';

function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: ReturnType<typeof vi.fn>;
    userChoice: Promise<{ outcome: string }>;
  };
  event.prompt = vi.fn(async () => undefined);
  event.userChoice = Promise.resolve({ outcome });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

const card = () => screen.queryByRole('region', { name: 'Install Truck Finder' });
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

let standalone = false;
beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
  standalone = false;
  window.matchMedia = ((query: string) => ({
    matches: standalone && query.includes('standalone'),
  })) as unknown as typeof window.matchMedia;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('InstallCard', () => {
  it('appears 3 seconds after the browser offers installation, with its text', () => {
    render(<InstallCard />);
    const event = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    wait(INSTALL_PROMPT_DELAY_MS - 1);
    expect(card()).toBeNull();
    wait(1);
    expect(card()).not.toBeNull();
    expect(
      screen.getByText(
        'Add to your home screen for quick access to mobile mechanics and tire services',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Install' })).toBeTruthy();
  });

  it('uses the offer once on Install and hides', async () => {
    render(<InstallCard />);
    const event = offerInstall();
    wait(INSTALL_PROMPT_DELAY_MS);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    });
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(card()).toBeNull();
  });

  it('hides on close and stays hidden for the browser session', () => {
    const { unmount } = render(<InstallCard />);
    offerInstall();
    wait(INSTALL_PROMPT_DELAY_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(card()).toBeNull();
    expect(sessionStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('1');
    unmount();
    render(<InstallCard />);
    offerInstall();
    wait(INSTALL_PROMPT_DELAY_MS);
    expect(card()).toBeNull();
  });

  it('never shows when already running standalone', () => {
    standalone = true;
    render(<InstallCard />);
    offerInstall();
    wait(INSTALL_PROMPT_DELAY_MS);
    expect(card()).toBeNull();
  });

  it('hides once the app is installed', () => {
    render(<InstallCard />);
    offerInstall();
    wait(INSTALL_PROMPT_DELAY_MS);
    expect(card()).not.toBeNull();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(card()).toBeNull();
  });
});
