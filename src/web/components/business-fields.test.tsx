// @vitest-environment jsdom
import { zodResolver } from '@hookform/resolvers/zod';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { businessFieldRules } from '#core/providers/business-fields.ts';
import {
  AddressFields,
  bindField,
  FeeFields,
  LicenseFields,
  ServiceTypeField,
} from './business-fields.tsx';

const schema = z.object({
  serviceType: businessFieldRules.serviceType,
  address: businessFieldRules.address,
  city: businessFieldRules.city,
  state: businessFieldRules.state,
  zipCode: businessFieldRules.zipCode,
  visitFee: z.string(),
  hourlyRate: z.string(),
  licenseNumber: businessFieldRules.licenseNumber,
  insurancePolicy: businessFieldRules.insurancePolicy,
});
type Values = z.infer<typeof schema>;

function TestForm({ autoFill }: { autoFill: boolean }) {
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      serviceType: '' as Values['serviceType'],
      address: '',
      city: '',
      state: '',
      zipCode: '',
      visitFee: '',
      hourlyRate: '',
      licenseNumber: '',
      insurancePolicy: '',
    },
  });
  return (
    <form onSubmit={form.handleSubmit(() => undefined)} noValidate>
      <ServiceTypeField {...bindField(form, 'serviceType')} placeholder="Pick one" />
      <AddressFields
        form={form}
        street="address"
        streetLabel="Street Address"
        autoFill={autoFill}
      />
      <FeeFields
        visitFee={bindField(form, 'visitFee')}
        hourlyRate={bindField(form, 'hourlyRate')}
        numeric={!autoFill}
      />
      <LicenseFields
        licenseNumber={bindField(form, 'licenseNumber')}
        insurancePolicy={bindField(form, 'insurancePolicy')}
      />
      <button type="submit">Save</button>
    </form>
  );
}

const field = (label: string) => screen.getByLabelText(label);
const errorOf = (label: string) => {
  const id = field(label).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

afterEach(cleanup);

describe('business fields', () => {
  it("shows the rules' messages under each field", async () => {
    render(<TestForm autoFill />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(errorOf('Service Type')).toBe('Please select your service type');
    expect(errorOf('Street Address')).toBe('Street address is required');
    expect(errorOf('City')).toBe('City is required');
    expect(errorOf('State')).toBe('State is required');
    expect(errorOf('ZIP Code')).toBe('ZIP code must be 5 digits (or ZIP+4)');
    expect(errorOf('Business License Number')).toBe('Business license number is required');
    expect(errorOf('Insurance Policy Number')).toBe('Insurance policy number is required');
    expect(field('City').getAttribute('aria-invalid')).toBe('true');
  });

  it('offers every service type after the empty choice', () => {
    render(<TestForm autoFill />);
    const options = [...(field('Service Type') as HTMLSelectElement).options];
    expect(options.map((o) => [o.value, o.text])).toEqual([
      ['', 'Pick one'],
      ['mobile_mechanic', 'Mobile Mechanic'],
      ['tire_shop', 'Tire Service'],
      ['towing', 'Towing Service'],
    ]);
  });

  it("lets the browser fill the user's own address, and not someone else's", () => {
    render(<TestForm autoFill />);
    expect(field('Street Address').getAttribute('autocomplete')).toBe('street-address');
    expect(field('City').getAttribute('autocomplete')).toBe('address-level2');
    expect(field('ZIP Code').getAttribute('autocomplete')).toBe('postal-code');
    expect(field('Visit Fee ($)').getAttribute('type')).toBeNull();
    cleanup();

    render(<TestForm autoFill={false} />);
    expect(field('Street Address').getAttribute('autocomplete')).toBe('off');
    expect(field('City').hasAttribute('autocomplete')).toBe(false);
    expect(field('ZIP Code').getAttribute('inputmode')).toBe('numeric');
    expect(field('Visit Fee ($)').getAttribute('type')).toBe('number');
    expect(field('Hourly Rate ($)').getAttribute('placeholder')).toBe('125.00');
  });
});
