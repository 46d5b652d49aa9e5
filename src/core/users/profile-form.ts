import { z } from 'zod';
import { emailField, messages, nameField, phoneField } from '../validation.ts';

/** The Profile Information form (as specified: driver profile form). */
export const profileFormSchema = z.object({
  name: nameField(),
  email: emailField(messages.emailProfile),
  phone: phoneField(),
  location: z.string().trim().max(120, 'Location must be at most 120 characters'),
  aaaMemberId: z.string().trim().max(40, 'AAA member ID must be at most 40 characters'),
});
export type ProfileForm = z.infer<typeof profileFormSchema>;
