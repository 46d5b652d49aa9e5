import type { UseFormReturn } from 'react-hook-form';
import type { BookServiceForm } from '#core/bookings/book-form.ts';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';

/** The truck and its trouble, as a booking or a help request asks for it. */
export function VehicleDetailsField({ form }: { form: UseFormReturn<BookServiceForm> }) {
  return (
    <Field label="Vehicle Details" error={form.formState.errors.vehicleDetails?.message}>
      {(ids) => (
        <Input
          {...ids}
          placeholder="Year, make, model and issue (e.g. 2019 Peterbilt 579, air leak)"
          {...form.register('vehicleDetails')}
        />
      )}
    </Field>
  );
}
