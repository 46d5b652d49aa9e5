import {
  get,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import type { ComponentProps } from 'react';
import { serviceTypes } from '#core/providers/catalog.ts';
import { useLabel } from '#web/lib/labels.ts';
import { Field } from './ui/field.tsx';
import { Input } from './ui/input.tsx';
import { NativeSelect } from './ui/native-select.tsx';
import { useText } from '#web/lib/i18n.ts';
import { componentsText } from './text.ts';

/** A registered form field and its validation message. */
export interface BoundField {
  field: UseFormRegisterReturn;
  error?: string | undefined;
}

export function bindField<T extends FieldValues>(
  form: UseFormReturn<T>,
  name: Path<T>,
  options?: Parameters<UseFormReturn<T>['register']>[1],
): BoundField {
  return {
    field: form.register(name, options),
    error: (get(form.formState.errors, name) as FieldError | undefined)?.message,
  };
}

/** The service type select; `placeholder` adds an empty first choice that the rules refuse. */
export function ServiceTypeField({
  field,
  error,
  placeholder,
}: BoundField & { placeholder?: string }) {
  const t = useText(componentsText);
  const label = useLabel();
  return (
    <Field label={t('serviceType')} error={error}>
      {(ids) => (
        <NativeSelect {...ids} {...field}>
          {placeholder ? <option value="">{placeholder}</option> : null}
          {serviceTypes.map((type) => (
            <option key={type} value={type}>
              {label('serviceType', type)}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

/** The names every business form gives the address's other fields. */
interface AddressValues extends FieldValues {
  city: string;
  state: string;
  zipCode: string;
}

/**
 * A business's street address (the field named `street`), then city, state and ZIP code on one
 * row. `autoFill` lets the browser offer the user's own address: off where an admin types
 * someone else's.
 */
export function AddressFields<T extends AddressValues>({
  form,
  street,
  streetLabel,
  streetHint,
  autoFill = true,
  statePlaceholder,
}: {
  form: UseFormReturn<T>;
  street: Path<T>;
  streetLabel: string;
  streetHint?: string;
  autoFill?: boolean;
  statePlaceholder?: string;
}) {
  const t = useText(componentsText);
  const bind = (name: Path<T> | keyof AddressValues) => bindField(form, name as Path<T>);
  const input = (name: Path<T> | keyof AddressValues, props: ComponentProps<'input'>) => {
    const { field, error } = bind(name);
    return { error, control: (ids: object) => <Input {...ids} {...props} {...field} /> };
  };
  const streetInput = input(street, { autoComplete: autoFill ? 'street-address' : 'off' });
  const city = input('city', { autoComplete: autoFill ? 'address-level2' : undefined });
  const state = input('state', {
    autoComplete: autoFill ? 'address-level1' : undefined,
    placeholder: statePlaceholder,
  });
  const zipCode = input('zipCode', {
    autoComplete: autoFill ? 'postal-code' : undefined,
    inputMode: 'numeric',
  });
  return (
    <>
      <Field label={streetLabel} error={streetInput.error} hint={streetHint}>
        {streetInput.control}
      </Field>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <div className="col-span-2 sm:col-span-1">
          <Field label={t('city')} error={city.error}>
            {city.control}
          </Field>
        </div>
        <Field label={t('state')} error={state.error}>
          {state.control}
        </Field>
        <Field label={t('zipCode')} error={zipCode.error}>
          {zipCode.control}
        </Field>
      </div>
    </>
  );
}

/** Visit fee and hourly rate side by side; `numeric` makes them number inputs in whole cents. */
export function FeeFields({
  visitFee,
  hourlyRate,
  numeric = false,
}: {
  visitFee: BoundField;
  hourlyRate: BoundField;
  numeric?: boolean;
}) {
  const t = useText(componentsText);
  const fee = (label: string, placeholder: string, { field, error }: BoundField) => (
    <Field label={label} error={error}>
      {(ids) => (
        <Input
          {...ids}
          {...(numeric ? { type: 'number', min: 0, step: '0.01' } : {})}
          inputMode="decimal"
          placeholder={placeholder}
          {...field}
        />
      )}
    </Field>
  );
  return (
    <div className="grid grid-cols-2 gap-4">
      {fee(t('visitFee'), '95.00', visitFee)}
      {fee(t('hourlyRate'), '125.00', hourlyRate)}
    </div>
  );
}

/** The business license and insurance policy numbers verification needs. */
export function LicenseFields({
  licenseNumber,
  insurancePolicy,
}: {
  licenseNumber: BoundField;
  insurancePolicy: BoundField;
}) {
  const t = useText(componentsText);
  return (
    <>
      <Field label={t('licenseNumber')} error={licenseNumber.error}>
        {(ids) => <Input {...ids} autoComplete="off" {...licenseNumber.field} />}
      </Field>
      <Field label={t('insurancePolicy')} error={insurancePolicy.error}>
        {(ids) => <Input {...ids} autoComplete="off" {...insurancePolicy.field} />}
      </Field>
    </>
  );
}
