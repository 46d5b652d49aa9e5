import type { ComponentProps } from 'react';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';

/** A labelled text input (a password one for `type="password"`) that reports its new value. */
export function TextField({
  label,
  error,
  hint,
  value,
  onValueChange,
  type,
  autoComplete = 'off',
  ...props
}: {
  label: string;
  error?: string;
  hint?: string;
  value: string;
  onValueChange: (value: string) => void;
} & Omit<ComponentProps<'input'>, 'value' | 'onChange'>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(ids) =>
        type === 'password' ? (
          <PasswordInput
            {...ids}
            {...props}
            autoComplete={autoComplete}
            value={value}
            onChange={(e) => onValueChange(e.target.value)}
          />
        ) : (
          <Input
            {...ids}
            {...props}
            type={type}
            autoComplete={autoComplete}
            value={value}
            onChange={(e) => onValueChange(e.target.value)}
          />
        )
      }
    </Field>
  );
}
