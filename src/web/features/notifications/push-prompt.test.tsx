// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle } from '#web/test/settle.ts';
import type { PushDeviceState } from './push-device.ts';
import { PUSH_PROMPT_SNOOZE_MS, PushPrompt, pushPromptKey } from './push-prompt.tsx';
import { offerPushPrompt } from './push-prompt-store.ts';

// The device itself is push-device.ts's business (push-device-switch.test.tsx); here it is a
// browser that can subscribe, whose permission has not been asked yet.
const device = vi.hoisted(() => ({
  state: 'off' as PushDeviceState,
  permission: 'default' as NotificationPermission,
  turnOn: vi.fn(async (): Promise<PushDeviceState> => 'on'),
}));
vi.mock('./push-device.ts', () => ({
  pushUnsupported: () => null,
  pushPermission: () => device.permission,
  pushDeviceState: async () => device.state,
  turnOnPush: device.turnOn,
  turnOffPush: async () => 'off',
}));

const USER = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const providerQuestion = 'Get job requests when the app is closed?';
const driverQuestion = 'Get told when your mechanic accepts and is on the way?';
const card = (name: string) => screen.queryByRole('region', { name });

beforeEach(() => {
  localStorage.clear();
  device.state = 'off';
  device.permission = 'default';
  device.turnOn.mockClear();
});
afterEach(cleanup);

async function showPrompt() {
  render(<PushPrompt userId={USER} />);
  await settle(null);
}
/** Offers the prompt once this device's state is read (the card decides at once then). */
async function offer(reason: Parameters<typeof offerPushPrompt>[0]) {
  act(() => offerPushPrompt(reason));
  await settle(null);
}

describe('PushPrompt', () => {
  it('shows nothing until a moment offers it: never on page load', async () => {
    await showPrompt();
    expect(screen.queryByTestId('push-prompt')).toBeNull();
    expect(device.turnOn).not.toHaveBeenCalled();
  });

  it('asks a provider who became available, focused, and turns on only from its button', async () => {
    await showPrompt();
    await offer('provider-available');
    const prompt = card(providerQuestion)!;
    expect(document.activeElement).toBe(prompt);
    expect(device.turnOn).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await settle(null, () => card(providerQuestion) === null);
    expect(device.turnOn).toHaveBeenCalledWith(USER);
  });

  it('asks a driver whose booking was sent; Not now keeps it away for 30 days', async () => {
    await showPrompt();
    await offer('driver-booked');
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(card(driverQuestion)).toBeNull();
    const at = Number(localStorage.getItem(pushPromptKey('driver-booked')));
    expect(Date.now() - at).toBeLessThan(PUSH_PROMPT_SNOOZE_MS);

    await offer('driver-booked');
    expect(card(driverQuestion)).toBeNull();

    localStorage.setItem(pushPromptKey('driver-booked'), String(at - PUSH_PROMPT_SNOOZE_MS));
    await offer('driver-booked');
    expect(card(driverQuestion)).not.toBeNull();
  });

  it('never asks on a device already on, or where the browser blocks notifications', async () => {
    device.state = 'on';
    await showPrompt();
    await offer('provider-available');
    expect(card(providerQuestion)).toBeNull();

    cleanup();
    device.state = 'blocked';
    device.permission = 'denied';
    await showPrompt();
    await offer('provider-available');
    expect(card(providerQuestion)).toBeNull();
  });
});
