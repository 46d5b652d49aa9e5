import type { UseFormReturn } from 'react-hook-form';
import type { BusinessForm } from '#core/providers/business-forms.ts';
import { AddressFields, bindField, ServiceTypeField } from '#web/components/business-fields.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { useText } from '#web/lib/i18n.ts';
import { profileText } from '../text.ts';

export function BusinessTab({
  form,
  editing,
}: {
  form: UseFormReturn<BusinessForm>;
  editing: boolean;
}) {
  const t = useText(profileText);
  const { errors } = form.formState;
  return (
    <Card className="grid gap-4 p-4">
      <h2 className="text-lg font-bold">{t('businessInformation')}</h2>
      <fieldset disabled={!editing} className="grid gap-4 sm:grid-cols-2">
        <Field label={t('businessName')} error={errors.businessName?.message}>
          {(ids) => (
            <Input {...ids} autoComplete="organization" {...form.register('businessName')} />
          )}
        </Field>
        <ServiceTypeField {...bindField(form, 'serviceType')} />
        <div className="sm:col-span-2">
          <Field label={t('businessDescription')} error={errors.description?.message}>
            {(ids) => <Textarea {...ids} rows={3} {...form.register('description')} />}
          </Field>
        </div>
        <div className="grid gap-4 sm:col-span-2">
          <AddressFields
            form={form}
            street="address"
            streetLabel={t('streetAddress')}
            streetHint={t('streetHint')}
          />
        </div>
        <Field label={t('businessPhone')} error={errors.phone?.message}>
          {(ids) => <Input {...ids} type="tel" {...form.register('phone')} />}
        </Field>
        <Field label={t('businessEmail')} error={errors.email?.message}>
          {(ids) => <Input {...ids} type="email" {...form.register('email')} />}
        </Field>
        <Field label={t('websiteOptional')} error={errors.website?.message}>
          {(ids) => (
            <Input
              {...ids}
              type="url"
              placeholder={t('websitePlaceholder')}
              {...form.register('website')}
            />
          )}
        </Field>
      </fieldset>
    </Card>
  );
}
