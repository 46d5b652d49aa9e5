// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#web/api/transport.ts';
import { settle } from '#web/test/settle.ts';
import { AddProviderForm } from './add-provider-form.tsx';

function setup(onSubmit = vi.fn().mockResolvedValue(undefined), busy = false) {
  render(<AddProviderForm busy={busy} onSubmit={onSubmit} onCancel={() => undefined} />);
  return onSubmit;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Add Provider' }));
  });
const errorOf = (label: string) => {
  const id = field(label).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

const valid = {
  'Business Name': 'Lone Star Diesel',
  'Street Address': '1200 Commerce St',
  City: 'Dallas',
  State: 'TX',
  'ZIP Code': '75202',
  'Visit Fee ($)': '95',
  'Hourly Rate ($)': '125.50',
  'Owner Name': 'Rosa Ramirez',
  'Owner Email': ' Rosa@Example.com ',
  Phone: '(214) 555-0142',
};
const fillValid = () => {
  for (const [label, value] of Object.entries(valid)) type(label, value);
  fireEvent.change(screen.getByLabelText('Service Type'), { target: { value: 'towing' } });
};

afterEach(cleanup);

describe('AddProviderForm', () => {
  it("shows the contract's message under every required field and sends nothing", async () => {
    const onSubmit = setup();
    await submit();
    await settle(null, () => errorOf('Business Name') !== undefined);
    expect(errorOf('Business Name')).toBe('Business name must be at least 2 characters');
    expect(errorOf('Service Type')).toBe('Please select a service type');
    expect(errorOf('Street Address')).toBe('Street address is required');
    expect(errorOf('City')).toBe('City is required');
    expect(errorOf('State')).toBe('State is required');
    expect(errorOf('ZIP Code')).toBe('Enter a 5-digit ZIP code');
    expect(errorOf('Visit Fee ($)')).toBe('Required');
    expect(errorOf('Hourly Rate ($)')).toBe('Required');
    expect(errorOf('Owner Name')).toBe('Owner name must be at least 2 characters');
    expect(errorOf('Owner Email')).toBe('Please enter a valid email address');
    expect(errorOf('Phone')).toBe('Phone number must be at least 10 digits');
    expect(field('Owner Email').getAttribute('aria-invalid')).toBe('true');
    // Optional fields stay quiet.
    expect(errorOf('License Number (optional)')).toBeUndefined();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a malformed ZIP code, email and phone', async () => {
    const onSubmit = setup();
    fillValid();
    type('ZIP Code', '7520');
    type('Owner Email', 'rosa@');
    type('Phone', '555-0142');
    await submit();
    await settle(null, () => errorOf('ZIP Code') !== undefined);
    expect(errorOf('ZIP Code')).toBe('Enter a 5-digit ZIP code');
    expect(errorOf('Owner Email')).toBe('Please enter a valid email address');
    expect(errorOf('Phone')).toBe('Phone number must be at least 10 digits');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a valid form with numbers for the fees and a normalised email', async () => {
    const onSubmit = setup();
    fillValid();
    await submit();
    await settle(null, () => onSubmit.mock.calls.length > 0);
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        businessName: 'Lone Star Diesel',
        serviceType: 'towing',
        zipCode: '75202',
        visitFee: 95,
        hourlyRate: 125.5,
        ownerName: 'Rosa Ramirez',
        email: 'rosa@example.com',
      }),
    );
  });

  it("puts the server's answer next to the field and on the form", async () => {
    setup(
      vi
        .fn()
        .mockRejectedValue(
          new ApiError(409, 'User already exists', { email: 'User already exists' }),
        ),
    );
    fillValid();
    await submit();
    await settle(null, () => errorOf('Owner Email') !== undefined);
    expect(errorOf('Owner Email')).toBe('User already exists');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('User already exists');
  });

  it('cannot be sent twice while adding', () => {
    setup(vi.fn(), true);
    const button = screen.getByRole('button', { name: 'Adding Provider...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });
});
