import type { UseFormReturn } from 'react-hook-form';
import type { BookServiceForm } from '#core/bookings/book-form.ts';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useText } from '#web/lib/i18n.ts';
import { componentsText } from '#web/components/text.ts';

/** The truck and its trouble, as a booking or a help request asks for it. */
export function VehicleDetailsField({ form }: { form: UseFormReturn<BookServiceForm> }) {
  const t = useText(componentsText);
  return (
    <Field label={t('vehicleDetails')} error={form.formState.errors.vehicleDetails?.message}>
      {(ids) => (
        <Input
          {...ids}
          placeholder={t('vehicleDetailsPlaceholder')}
          {...form.register('vehicleDetails')}
        />
      )}
    </Field>
  );
}
