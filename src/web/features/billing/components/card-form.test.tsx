// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settle } from '#web/test/settle.ts';
import { CardForm } from './card-form.tsx';

const futureYear = new Date().getFullYear() + 2;
const futureExpiry = `12/${String(futureYear % 100).padStart(2, '0')}`;

function setup(busy = false) {
  const onSubmit = vi.fn();
  render(<CardForm submitLabel="Pay $79.99" busy={busy} onSubmit={onSubmit} />);
  return onSubmit;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const fill = (card: { number: string; expiry: string; cvc: string }) => {
  type('Card Number', card.number);
  type('Expiry (MM/YY)', card.expiry);
  type('CVC', card.cvc);
};
const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Pay $79.99' }));
  });
const errorOf = (label: string) => {
  const id = field(label).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};
/** The first check loads the form's schema: waits until it has marked `label` wrong. */
const refused = (label: string) =>
  settle(null, () => field(label).getAttribute('aria-invalid') === 'true');
/** …or until the form is sent. */
const sent = (onSubmit: ReturnType<typeof vi.fn>) =>
  settle(null, () => onSubmit.mock.calls.length > 0);

afterEach(cleanup);

describe('CardForm', () => {
  it('says test mode plainly and lists the test cards', () => {
    setup();
    expect(screen.getByText('Test mode — no real charge')).toBeTruthy();
    for (const number of [
      '4242 4242 4242 4242',
      '4000 0000 0000 0002',
      '4000 0000 0000 9995',
      '4000 0025 0000 3155',
    ])
      expect(screen.getByText(number)).toBeTruthy();
  });

  it('asks for every required field and sends nothing', async () => {
    const onSubmit = setup();
    await submit();
    await refused('Card Number');
    expect(errorOf('Card Number')).toBe('Enter the card number');
    expect(errorOf('Expiry (MM/YY)')).toBe('Enter the expiry date');
    expect(errorOf('CVC')).toBe('Enter the security code');
    expect(field('Card Number').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a number that fails the Luhn check', async () => {
    const onSubmit = setup();
    fill({ number: '4242 4242 4242 4241', expiry: futureExpiry, cvc: '123' });
    await submit();
    await refused('Card Number');
    expect(errorOf('Card Number')).toBe('Your card number is incorrect.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses an expired card and a malformed expiry', async () => {
    const onSubmit = setup();
    fill({ number: '4242424242424242', expiry: '01/20', cvc: '123' });
    await submit();
    await refused('Expiry (MM/YY)');
    expect(errorOf('Expiry (MM/YY)')).toBe('Your card has expired.');
    type('Expiry (MM/YY)', '13/40');
    await act(async () => {});
    expect(errorOf('Expiry (MM/YY)')).toBe('Enter the expiry as MM/YY');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('wants 3 CVC digits, and 4 for American Express', async () => {
    const onSubmit = setup();
    fill({ number: '4242424242424242', expiry: futureExpiry, cvc: '12' });
    await submit();
    await refused('CVC');
    expect(errorOf('CVC')).toBe('Enter the 3-digit security code');
    fill({ number: '378282246310005', expiry: futureExpiry, cvc: '123' });
    await submit();
    expect(errorOf('CVC')).toBe('Enter the 4-digit security code');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('formats the number and the expiry as they are typed', () => {
    setup();
    type('Card Number', '4242424242424242');
    expect(field('Card Number').value).toBe('4242 4242 4242 4242');
    type('Card Number', '378282246310005');
    expect(field('Card Number').value).toBe('3782 822463 10005');
    type('Expiry (MM/YY)', '1230');
    expect(field('Expiry (MM/YY)').value).toBe('12/30');
  });

  it('sends a valid card as digits with a 4-digit year', async () => {
    const onSubmit = setup();
    type('Name on Card (optional)', ' Dana Driver ');
    fill({ number: '4242 4242 4242 4242', expiry: futureExpiry, cvc: '123' });
    await submit();
    await sent(onSubmit);
    expect(onSubmit).toHaveBeenCalledWith({
      number: '4242424242424242',
      expMonth: 12,
      expYear: futureYear,
      cvc: '123',
      name: 'Dana Driver',
    });
  });

  it('fills a test card from the list, ready to send', async () => {
    const onSubmit = setup();
    fireEvent.click(
      screen.getByRole('button', {
        name: 'Use test card 4000 0025 0000 3155 (Asks for authentication)',
      }),
    );
    expect(field('Card Number').value).toBe('4000 0025 0000 3155');
    await submit();
    await sent(onSubmit);
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ number: '4000002500003155', cvc: '123' }),
    );
  });

  it('cannot be sent twice while processing', () => {
    setup(true);
    const button = screen.getByRole('button', { name: 'Processing...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(field('Card Number').closest('fieldset')?.disabled).toBe(true);
  });
});
