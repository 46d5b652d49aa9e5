import { Search } from 'lucide-react';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';

/** A search box with its magnifier, above an admin list. */
export function SearchFilter({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label}>
      {(ids) => (
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-3 size-5 text-muted-foreground"
            aria-hidden
          />
          <Input
            {...ids}
            type="search"
            className="pl-10"
            placeholder={placeholder}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
      )}
    </Field>
  );
}

/** A choice among a list's values, or all of them (the empty value). */
export function SelectFilter<Value extends string>({
  label,
  all,
  options,
  optionLabel,
  value,
  onChange,
}: {
  label: string;
  /** The label of the empty choice: "All statuses". */
  all: string;
  options: readonly Value[];
  optionLabel: (value: Value) => string;
  value: Value | '';
  onChange: (value: Value | '') => void;
}) {
  return (
    <Field label={label}>
      {(ids) => (
        <NativeSelect
          {...ids}
          value={value}
          onChange={(event) => onChange(event.target.value as Value | '')}
        >
          <option value="">{all}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}
