import { z } from 'zod';
import { preferredTimes } from './catalog.ts';
import { asksWhereTheTruckIs, truckPlaces } from './safety.ts';

/** The Book Service dialog's fields, as the form holds them. */
export const bookServiceFormSchema = z.object({
  serviceType: z.string().min(1, 'Please choose a service type'),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters'),
  vehicleDetails: z.string().trim().max(500, 'Vehicle details must be at most 500 characters'),
  preferredDate: z.string(),
  preferredTime: z.union([z.enum(preferredTimes), z.literal('')]),
  location: z.string().trim().max(300, 'Location must be at most 300 characters'),
  truckLocation: z.union([z.enum(truckPlaces), z.literal('')]),
});
export type BookServiceForm = z.infer<typeof bookServiceFormSchema>;

/** Refuses a preferred date before `today` (the driver's own calendar date, YYYY-MM-DD). */
export const bookServiceFormFor = (today: string) =>
  bookServiceFormSchema
    .refine((v) => !v.preferredDate || v.preferredDate >= today, {
      message: 'Preferred date cannot be earlier than today',
      path: ['preferredDate'],
    })
    .refine((v) => v.truckLocation || !asksWhereTheTruckIs(v.serviceType, v.preferredTime), {
      message: 'Tell us where the truck is',
      path: ['truckLocation'],
    });
