import { z } from 'zod';
import { emailField, messages, nameField, optionalText, phoneField } from '../validation.ts';
import { contactsSchema } from '../contacts/schemas.ts';
import { languages } from '../i18n/languages.ts';
import { assignableRoles, roles } from './roles.ts';
import { themes } from './theme.ts';
import { tireTypes, vehicleTypes } from './vehicles.ts';

export { roleLabels, roles, type Role } from './roles.ts';

export const roleSchema = z.enum(roles);

/** Vehicle types offered at driver registration (as specified). */
export const registrationVehicleTypes = [
  'semi_truck',
  'box_truck',
  'pickup_truck',
  'trailer',
  'rv',
] as const;

/** A vehicle identification number: 17 letters and digits, never I, O or Q. */
export const VIN_MESSAGE = 'VIN must be 17 letters and digits (no I, O or Q)';

export const vehicleSchema = z.object({
  id: z.string().trim().min(1).max(64),
  type: z.enum(vehicleTypes),
  make: z.string().trim().min(1, 'Please fill in all required vehicle fields').max(60),
  model: z.string().trim().min(1, 'Please fill in all required vehicle fields').max(60),
  year: z.string().trim().min(1, 'Please fill in all required vehicle fields').max(4),
  tireSize: z.string().trim().min(1, 'Please fill in all required vehicle fields').max(40),
  tireType: z.enum(tireTypes),
  loadCapacity: optionalText(40, 'Load capacity'),
  notes: optionalText(500, 'Notes'),
  /** Printed on the job's receipt with the truck (empty: none). */
  licensePlate: z
    .string()
    .trim()
    .max(15, 'License plate must be at most 15 characters')
    .regex(/^[A-Za-z0-9 -]*$/, 'License plate may hold only letters, digits, spaces and dashes')
    .optional(),
  vin: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-HJ-NPR-Z0-9]{17})?$/, VIN_MESSAGE)
    .optional(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

export const vehicleInfoSchema = z.object({
  vehicleType: z.enum(registrationVehicleTypes).optional(),
  vehicles: z.array(vehicleSchema).max(50, 'At most 50 vehicles').optional(),
});
export type VehicleInfo = z.infer<typeof vehicleInfoSchema>;

/** The Settings toggles (as specified): each one changes what the product does for this user. */
export const userSettingsSchema = z.object({
  /** Show new notifications as they arrive (the bell keeps them either way). */
  pushNotifications: z.boolean(),
  /** Use this device's position: the search's own location request and sharing it during a job. */
  locationServices: z.boolean(),
  /** Send each notification by email too. */
  emailUpdates: z.boolean(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** A user as every answer shows it: never a password or its hash. */
export const publicUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  phone: z.string(),
  location: z.string().nullable(),
  aaaMemberId: z.string().nullable(),
  company: z.string().nullable(),
  cdlNumber: z.string().nullable(),
  vehicleInfo: vehicleInfoSchema,
  avatarUrl: z.string().nullable(),
  settings: userSettingsSchema,
  /** Whether the email and the phone are confirmed (never the secrets that confirm them). */
  contacts: contactsSchema,
  /** The language chosen on the account; null: the browser's. */
  language: z.enum(languages).nullable(),
  theme: z.enum(themes),
  createdAt: z.iso.datetime(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const updateUserSchema = z
  .object({
    name: nameField(),
    email: emailField(messages.emailProfile),
    phone: phoneField(),
    location: optionalText(120, 'Location'),
    aaaMemberId: optionalText(40, 'AAA member ID'),
    company: optionalText(120, 'Company'),
    cdlNumber: optionalText(40, 'License number'),
    vehicleInfo: vehicleInfoSchema,
    settings: userSettingsSchema.partial().strict(),
    /** Dispatchers and technicians are made by a business's invitation only. */
    role: z.enum(assignableRoles, { message: 'Role must be driver, mechanic or admin' }),
    language: z.enum(languages, { message: 'Language must be en or es' }),
    theme: z.enum(themes, { message: 'Theme must be system, light or dark' }),
  })
  .partial()
  .strict();
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** Deleting one's own account: the password confirms it. */
export const deleteAccountSchema = z
  .object({ password: z.string().min(1, 'Enter your password to confirm').max(200) })
  .strict();
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
