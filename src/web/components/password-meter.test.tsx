// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PasswordMeter } from './password-meter.tsx';

afterEach(cleanup);

const live = () => screen.getByTestId('password-meter').querySelector('[aria-live="polite"]')!;

describe('PasswordMeter', () => {
  it('says in words, announced politely, why a common password is refused', async () => {
    render(<PasswordMeter password="password123" />);
    expect(
      await screen.findByText('Password strength: Very weak.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
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
    await screen.findByText(/Password strength:/, {}, { timeout: 10_000 });
    expect(live().textContent).toContain('it contains your name, username or email.');
  });

  it('calls a passphrase strong and gives no warning', async () => {
    render(<PasswordMeter password="gravel ferry lantern 9" />);
    await screen.findByText('Password strength: Very strong.', {}, { timeout: 10_000 });
    expect(live().textContent).not.toContain('too easy');
  });

  it('says nothing before anything is typed', () => {
    render(<PasswordMeter password="" />);
    expect(live().textContent).toBe('');
  });
});
