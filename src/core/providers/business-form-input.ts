import type { BusinessForm, ServicesForm } from './business-forms.ts';
import type { Provider, UpdateBusinessInput } from './schemas.ts';

const toList = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 30);

export const businessFormFrom = (p: Provider): BusinessForm => ({
  businessName: p.businessName,
  serviceType: p.serviceType,
  description: p.description ?? '',
  address: p.address ?? '',
  city: p.city ?? '',
  state: p.state ?? '',
  zipCode: p.zipCode ?? '',
  phone: p.phone ?? '',
  email: p.email ?? '',
  website: p.website ?? '',
});

export const servicesFormFrom = (p: Provider): ServicesForm => ({
  visitFee: p.visitFee.toFixed(2),
  hourlyRate: (p.hourlyRate ?? 0).toFixed(2),
  is24Hour: p.is24Hour,
  acceptsAAA: p.acceptsAAA,
  specialties: p.specialties.join('\n'),
  certifications: p.certifications.join('\n'),
});

export const servicesFormToInput = (form: ServicesForm): UpdateBusinessInput => ({
  visitFee: Number(form.visitFee),
  hourlyRate: Number(form.hourlyRate),
  is24Hour: form.is24Hour,
  acceptsAAA: form.acceptsAAA,
  specialties: toList(form.specialties),
  certifications: toList(form.certifications),
});
