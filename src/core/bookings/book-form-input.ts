import type { BookServiceForm } from './book-form.ts';
import { asksWhereTheTruckIs } from './safety.ts';
import type { CreateBookingInput } from './schemas.ts';

/** The booking a Book Service form asks for: empty fields left out. */
export function bookServiceFormToInput(
  providerId: string,
  form: BookServiceForm,
  position: { latitude: number; longitude: number } | null,
): CreateBookingInput {
  return {
    providerId,
    serviceType: form.serviceType,
    description: form.description || undefined,
    vehicleDetails: form.vehicleDetails || undefined,
    preferredDate: form.preferredDate || undefined,
    preferredTime: form.preferredTime || undefined,
    location: form.location || undefined,
    ...(form.truckLocation && asksWhereTheTruckIs(form.serviceType, form.preferredTime)
      ? { truckLocation: form.truckLocation }
      : {}),
    ...(position ? { latitude: position.latitude, longitude: position.longitude } : {}),
  };
}
