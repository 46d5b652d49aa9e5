import { describe, expect, it } from 'vitest';
import { CheckFailure, expectStatus } from '../shared/checks.ts';
import type { QaResponse } from '../shared/qa-api.ts';
import { plural, step } from './context.ts';

const failed: QaResponse = {
  method: 'POST',
  path: '/api/create-subscription',
  status: 500,
  ok: false,
  body: { error: 'Injected failure' },
  message: 'Injected failure',
  ms: 4,
};

describe('step', () => {
  it('names the step and the call that failed, keeping the response', async () => {
    const error = await step('Finding the plan', async () => expectStatus(failed, 201)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CheckFailure);
    expect((error as CheckFailure).message).toBe(
      'Finding the plan (POST /api/create-subscription): Expected 201, got 500: Injected failure',
    );
    expect((error as CheckFailure).response).toBe(failed);
  });

  it('chains nested steps without repeating the call', async () => {
    const error = await step('Creating the reminder', () =>
      step('Finding the plan', async () => expectStatus(failed, 201)),
    ).catch((e: unknown) => e);
    expect((error as CheckFailure).message).toBe(
      'Creating the reminder → Finding the plan (POST /api/create-subscription): Expected 201, got 500: Injected failure',
    );
  });

  it('passes the value through when the step succeeds', async () => {
    await expect(step('Anything', async () => 42)).resolves.toBe(42);
  });
});

describe('plural', () => {
  it('adds an s except for one', () => {
    expect(plural(1, 'booking')).toBe('1 booking');
    expect(plural(0, 'booking')).toBe('0 bookings');
    expect(plural(3, 'day')).toBe('3 days');
  });
});
