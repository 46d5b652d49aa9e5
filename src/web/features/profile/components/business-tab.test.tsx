// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import type { BusinessForm } from '#core/providers/business-forms.ts';
import { BusinessTab } from './business-tab.tsx';

const address = { address: '400 Commerce St', city: 'Dallas', state: 'TX', zipCode: '75202' };
const contact = { phone: '(214) 555-0177', email: 'tires@brazos.example', website: '' };
const business: BusinessForm = {
  businessName: 'Brazos Mobile Tire',
  serviceType: 'tire_shop',
  description: '',
  ...address,
  ...contact,
};

function Tab({ editing }: { editing: boolean }) {
  const form = useForm<BusinessForm>({ defaultValues: business });
  return <BusinessTab form={form} editing={editing} />;
}

afterEach(cleanup);

describe('BusinessTab', () => {
  it('shows the business with a hint on the street address', () => {
    render(<Tab editing />);
    const street = screen.getByLabelText('Street Address');
    expect((street as HTMLInputElement).value).toBe('400 Commerce St');
    const hint = document.getElementById(street.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe("Drivers' distances are measured from your ZIP code's centre.");
    const type = screen.getByLabelText('Service Type') as HTMLSelectElement;
    expect(type.value).toBe('tire_shop');
    expect([...type.options].map((o) => o.value)).toEqual([
      'mobile_mechanic',
      'tire_shop',
      'towing',
    ]);
    expect((screen.getByLabelText('ZIP Code') as HTMLInputElement).value).toBe('75202');
  });

  it('locks every field until editing', () => {
    render(<Tab editing={false} />);
    for (const label of ['Business Name', 'Service Type', 'City', 'State', 'ZIP Code']) {
      expect(screen.getByLabelText(label).matches(':disabled')).toBe(true);
    }
  });
});
