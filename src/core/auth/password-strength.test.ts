import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../demo-accounts.ts';
import {
  MIN_PASSWORD_SCORE,
  ownerInputs,
  passwordStrength,
  weakPasswordMessage,
} from './password-strength.ts';

const owner = { email: 'marcus.webb@example.com', username: 'marcuswebb', name: 'Marcus Webb' };

describe('passwordStrength', () => {
  it.each([
    ['password123', 'it is a commonly used password.'],
    ['qwertyuiop', 'it is a very frequently used password.'],
    ['Summer2024!', 'it is too close to a commonly used password.'],
    ['aaaaaaaaaaaa', 'repeated characters like "aaa" are easy to guess.'],
    ['12345678910', ''],
  ])('refuses %j with the reason', async (password, why) => {
    const { score, problem } = await passwordStrength(password);
    expect(score).toBeLessThan(MIN_PASSWORD_SCORE);
    expect(problem).toMatch(/^This password is too easy to guess: /);
    expect(problem).toContain(why);
  });

  it.each([`${owner.email}1`, 'MarcusWebb2024', 'marcuswebb!!', 'my name is marcus webb'])(
    "refuses %j: it is built from the owner's email, username or name",
    async (password) => {
      const { problem } = await passwordStrength(password, owner);
      expect(problem).toBe(
        'This password is too easy to guess: it contains your name, username or email. Add a few more uncommon words.',
      );
    },
  );

  // The passwords the demo, the tests and the benchmarks use must pass for their own accounts.
  it.each([
    [DEMO_PASSWORD, {}],
    [
      'correct horse battery',
      { email: 'user1@example.com', username: 'user1', name: 'Test User 1' },
    ],
    ['long enough password', { email: 'e2e1@example.com', username: 'e2e1', name: 'Dale Trucker' }],
    ['long enough', { email: 'a@example.com', name: 'Test User 2' }],
    ['rosa chooses a password', { email: 'rosa.tires@example.com', name: 'Rosa Tires' }],
    ['owner password 2026', { email: 'e2e2@example.com', name: 'Dale Trucker' }],
    ['my new password 42', {}],
    ['another password 43', {}],
    ['a brand new password', {}],
    ['another long password', {}],
    ['bench admin password', {}],
    ['faults run password 1', {}],
  ])('takes %j', async (password, account) => {
    expect((await passwordStrength(password, account)).problem).toBeNull();
  });
});

describe('ownerInputs', () => {
  it("gives zxcvbn the owner's details whole and in pieces", () => {
    expect(ownerInputs(owner)).toEqual(
      expect.arrayContaining([
        'marcus.webb@example.com',
        'marcus.webb',
        'marcuswebb',
        'marcus webb',
        'marcus',
        'webb',
      ]),
    );
  });
});

describe('weakPasswordMessage', () => {
  it('falls back to general advice for unknown feedback', () => {
    expect(weakPasswordMessage(null, [])).toBe(
      'This password is too easy to guess: it could be found in few guesses. Add a few more uncommon words.',
    );
  });
});
