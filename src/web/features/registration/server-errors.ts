import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '#web/api/transport.ts';
import { textOf } from '#web/lib/i18n.ts';
import { registrationText } from './text.ts';

/**
 * Puts the server's per-field messages next to the fields (renaming API fields to form fields)
 * and answers the message to show on the form.
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  rename: Record<string, Path<T>> = {},
): string {
  if (!(error instanceof ApiError)) return textOf(registrationText)('somethingWrong');
  for (const [field, message] of Object.entries(error.fields)) {
    setError(rename[field] ?? (field as Path<T>), { type: 'server', message });
  }
  return error.message;
}
