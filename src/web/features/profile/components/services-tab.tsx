import { Controller, type UseFormReturn } from 'react-hook-form';
import type { ServicesForm } from '#core/providers/business-forms.ts';
import { Card } from '#web/components/ui/card.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { useText } from '#web/lib/i18n.ts';
import { profileText } from '../text.ts';

export function ServicesTab({
  form,
  editing,
}: {
  form: UseFormReturn<ServicesForm>;
  editing: boolean;
}) {
  const t = useText(profileText);
  const { errors } = form.formState;
  const toggle = (name: 'is24Hour' | 'acceptsAAA', text: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <div className="flex items-center justify-between gap-3 rounded-xl border-2 p-3">
          <Label htmlFor={`toggle-${name}`}>{text}</Label>
          <Switch
            id={`toggle-${name}`}
            checked={field.value}
            onCheckedChange={field.onChange}
            disabled={!editing}
          />
        </div>
      )}
    />
  );
  const amount = (name: 'visitFee' | 'hourlyRate', label: string) => (
    <Field label={label} error={errors[name]?.message}>
      {(ids) => (
        <Input
          {...ids}
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          {...form.register(name)}
        />
      )}
    </Field>
  );
  return (
    <Card className="grid gap-4 p-4">
      <h2 className="text-lg font-bold">{t('servicesPricing')}</h2>
      <fieldset disabled={!editing} className="grid gap-4 sm:grid-cols-2">
        {amount('visitFee', t('visitFee'))}
        {amount('hourlyRate', t('hourlyRate'))}
        {toggle('is24Hour', t('emergency247'))}
        {toggle('acceptsAAA', t('acceptAaa'))}
        <Field label={t('specialties')} hint={t('onePerLine')} error={errors.specialties?.message}>
          {(ids) => <Textarea {...ids} rows={4} {...form.register('specialties')} />}
        </Field>
        <Field
          label={t('certifications')}
          hint={t('onePerLine')}
          error={errors.certifications?.message}
        >
          {(ids) => <Textarea {...ids} rows={4} {...form.register('certifications')} />}
        </Field>
      </fieldset>
    </Card>
  );
}
