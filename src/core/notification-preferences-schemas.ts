import { z } from 'zod';
import { notificationCategories } from './notification-categories.ts';
import type { CategoryChoices } from './notification-preferences.ts';

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 22:00');

/** Quiet hours: from `start` to `end` in the user's time zone (may run past midnight). */
export const quietHoursSchema = z
  .object({ start: hhmm, end: hhmm })
  .refine((q) => q.start !== q.end, {
    message: 'Quiet hours must start and end at different times',
  });
export type QuietHours = z.infer<typeof quietHoursSchema>;

export const timeZoneSchema = z.string().refine(
  (zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'Time zone must be one like America/Chicago' },
);

const channelChoicesSchema = z.object({
  in_app: z.boolean(),
  push: z.boolean(),
  email: z.boolean(),
  sms: z.boolean(),
});

export const categoryChoicesSchema = z.object({
  job_requests: channelChoicesSchema,
  booking_updates: channelChoicesSchema,
  payments: channelChoicesSchema,
  reviews: channelChoicesSchema,
  account: channelChoicesSchema,
}) satisfies z.ZodType<CategoryChoices>;

/** PUT /api/notification-preferences: the whole set, as GET answers it. */
export const notificationPreferencesInputSchema = z.object({
  channels: categoryChoicesSchema,
  quietHours: quietHoursSchema.nullable(),
  timeZone: timeZoneSchema,
});
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInputSchema>;

export const notificationPreferencesSchema = notificationPreferencesInputSchema.extend({
  /** The categories this user's role hears about (Settings shows only these). */
  categories: z.array(z.enum(notificationCategories)),
  /** True while the user has never saved a choice: these are the role's defaults. */
  defaults: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
