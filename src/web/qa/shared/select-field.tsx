import { Field } from '#web/components/ui/field.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';

/** A labelled select over `options` (value and text) that reports the value chosen. */
export function SelectField<Value extends string>({
  label,
  hint,
  value,
  options,
  onValueChange,
  disabled,
}: {
  label: string;
  hint?: string;
  value: Value;
  options: readonly (readonly [Value, string])[];
  onValueChange: (value: Value) => void;
  disabled?: boolean;
}) {
  return (
    <Field label={label} hint={hint}>
      {(ids) => (
        <NativeSelect
          {...ids}
          value={value}
          disabled={disabled}
          onChange={(e) => onValueChange(e.target.value as Value)}
        >
          {options.map(([option, text]) => (
            <option key={option} value={option}>
              {text}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}
