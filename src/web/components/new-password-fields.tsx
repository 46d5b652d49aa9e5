import {
  get,
  useWatch,
  type FieldError,
  type FieldPathByValue,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import type { PasswordOwner } from '#core/auth/password-strength.ts';
import { PasswordMeter } from './password-meter.tsx';
import { Field } from './ui/field.tsx';
import { PasswordInput } from './ui/password-input.tsx';

/**
 * A new password with its strength meter, and the field that repeats it. The form's schema
 * checks both (the password rule and the match); the caller lays the two out.
 */
export function NewPasswordFields<T extends FieldValues>({
  form,
  name,
  confirmName,
  label,
  confirmLabel,
  hint,
  owner,
}: {
  form: UseFormReturn<T>;
  name: FieldPathByValue<T, string>;
  confirmName: FieldPathByValue<T, string>;
  label: string;
  confirmLabel: string;
  hint?: string;
  owner?: PasswordOwner;
}) {
  const password = useWatch({ control: form.control, name }) as string;
  const { errors } = form.formState;
  const message = (field: string) => (get(errors, field) as FieldError | undefined)?.message;
  return (
    <>
      <Field label={label} error={message(name)} {...(hint ? { hint } : {})}>
        {(ids) => (
          <>
            <PasswordInput {...ids} autoComplete="new-password" {...form.register(name)} />
            <PasswordMeter password={password} {...(owner ? { owner } : {})} />
          </>
        )}
      </Field>
      <Field label={confirmLabel} error={message(confirmName)}>
        {(ids) => (
          <PasswordInput {...ids} autoComplete="new-password" {...form.register(confirmName)} />
        )}
      </Field>
    </>
  );
}
