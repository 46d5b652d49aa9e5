import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Vehicle } from '#core/users/schemas.ts';
import { tireTypes, vehicleTypes } from '#core/users/vehicles.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { CheckFailure } from '../shared/checks.ts';
import {
  emptyVehicleForm,
  newVehicle,
  tireTypeLabels,
  vehicleFieldErrors,
  vehicleFormSchema,
  vehicleTypeLabels,
  type VehicleForm,
  type VehicleFormField,
} from '../shared/profile/fleet.ts';
import { fieldMessages } from '../shared/profile/users-api.ts';

/**
 * Add Vehicle: core's vehicle schema checks the form, then the server checks it again; the
 * server's field messages land on the fields they name. `onAdd` rejects with the answer.
 */
export function AddVehicleForm({ onAdd }: { onAdd: (vehicle: Vehicle) => Promise<unknown> }) {
  const [serverError, setServerError] = useState<string>();
  const form = useForm<VehicleForm>({
    resolver: zodResolver(vehicleFormSchema),
    defaultValues: emptyVehicleForm,
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      await onAdd(newVehicle(values));
      form.reset(emptyVehicleForm);
    } catch (error) {
      const response = error instanceof CheckFailure ? error.response : undefined;
      const fields = response ? vehicleFieldErrors(fieldMessages(response)) : {};
      for (const [field, message] of Object.entries(fields))
        form.setError(field as VehicleFormField, { message });
      setServerError(error instanceof Error ? error.message : String(error));
    }
  });

  const text = (name: 'make' | 'model' | 'year' | 'tireSize', label: string, props = {}) => (
    <Field label={label} error={errors[name]?.message}>
      {(ids) => <Input {...ids} {...props} {...form.register(name)} />}
    </Field>
  );

  return (
    <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Vehicle Type" error={errors.type?.message}>
          {(ids) => (
            <NativeSelect {...ids} {...form.register('type')}>
              {vehicleTypes.map((type) => (
                <option key={type} value={type}>
                  {vehicleTypeLabels[type]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        {text('year', 'Year', { inputMode: 'numeric', maxLength: 4, placeholder: '2021' })}
        {text('make', 'Make', { placeholder: 'Freightliner' })}
        {text('model', 'Model', { placeholder: 'Cascadia' })}
        {text('tireSize', 'Tire Size', { placeholder: '295/75R22.5' })}
        <Field label="Tire Type" error={errors.tireType?.message}>
          {(ids) => (
            <NativeSelect {...ids} {...form.register('tireType')}>
              {tireTypes.map((type) => (
                <option key={type} value={type}>
                  {tireTypeLabels[type]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Load Capacity (Optional)" error={errors.loadCapacity?.message}>
          {(ids) => <Input {...ids} placeholder="80,000 lbs" {...form.register('loadCapacity')} />}
        </Field>
      </div>
      <Field label="Notes (Optional)" error={errors.notes?.message}>
        {(ids) => <Textarea {...ids} rows={3} {...form.register('notes')} />}
      </Field>
      <FormError message={serverError} />
      <Button type="submit" disabled={isSubmitting} className="justify-self-start">
        {isSubmitting ? 'Saving...' : 'Add Vehicle'}
      </Button>
    </form>
  );
}
