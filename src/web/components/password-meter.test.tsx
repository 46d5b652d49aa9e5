// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { passwordStrength } from '#core/auth/password-strength.ts';
import { settle } from '#web/test/settle.ts';
import { PasswordMeter } from './password-meter.tsx';

// The estimator and its dictionary load once, here, not inside the first test's time.
beforeAll(() => passwordStrength('warm up'));
afterEach(cleanup);

const live = () => screen.getByTestId('password-meter').querySelector('[aria-live="polite"]')!;
/** Waits for the meter's verdict: after the typing pause and the estimate, however long. */
const verdict = () => settle(null, () => live().textContent !== '');

describe('PasswordMeter', () => {
  it('says in words, announced politely, why a common password is refused', async () => {
    render(<PasswordMeter password="password123" />);
    await verdict();
    expect(screen.getByText('Password strength: Very weak.')).toBeTruthy();
    expect(live().textContent).toContain(
      'This password is too easy to guess: it is a commonly used password.',
    );
  });

  it("warns about a password built from the owner's own details", async () => {
    render(
      <PasswordMeter
        password="dale.trucker99"
        owner={{ email: 'dale.trucker@example.com', name: 'Dale Trucker' }}
      />,
    );
    await verdict();
    expect(screen.getByText(/Password strength:/)).toBeTruthy();
    expect(live().textContent).toContain('it contains your name, username or email.');
  });

  it('calls a passphrase strong and gives no warning', async () => {
    render(<PasswordMeter password="gravel ferry lantern 9" />);
    await verdict();
    expect(screen.getByText('Password strength: Very strong.')).toBeTruthy();
    expect(live().textContent).not.toContain('too easy');
  });

  it('says nothing before anything is typed', () => {
    render(<PasswordMeter password="" />);
    expect(live().textContent).toBe('');
  });
});
