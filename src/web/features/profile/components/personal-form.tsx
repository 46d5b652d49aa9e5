import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { Contacts } from '#core/contacts/schemas.ts';
import type { ProfileForm } from '#core/users/profile-form.ts';
import { Card } from '#web/components/ui/card.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useText } from '#web/lib/i18n.ts';
import { profileText } from '../text.ts';

/** Profile Information: the account's own details, editable in edit mode. */
export function PersonalForm({
  form,
  editing,
  photo,
  contacts,
}: {
  form: UseFormReturn<ProfileForm>;
  editing: boolean;
  /** The account's own photo, when the header shows another (a mechanic's business photo). */
  photo?: ReactNode;
  /** Whether the saved email and phone are confirmed (shown beside them while not editing). */
  contacts?: Contacts;
}) {
  const t = useText(profileText);
  const status = (confirmed: boolean | undefined) =>
    confirmed === undefined ? undefined : confirmed ? t('confirmed') : t('notConfirmed');
  const { errors } = form.formState;
  return (
    <Card className="grid gap-4 p-4">
      <div className="flex items-center gap-4">
        {photo}
        <h2 className="text-lg font-bold">{t('profileInformation')}</h2>
      </div>
      <fieldset disabled={!editing} className="grid gap-4 sm:grid-cols-2">
        <Field label={t('fullName')} error={errors.name?.message}>
          {(ids) => <Input {...ids} autoComplete="name" {...form.register('name')} />}
        </Field>
        <Field
          label={t('emailAddress')}
          error={errors.email?.message}
          hint={editing ? t('emailChangeHint') : status(contacts?.emailConfirmed)}
        >
          {(ids) => (
            <Input
              {...ids}
              type="email"
              autoComplete="email"
              readOnly
              {...form.register('email')}
            />
          )}
        </Field>
        <Field
          label={t('phoneNumber')}
          error={errors.phone?.message}
          hint={editing ? t('phoneChangeHint') : status(contacts?.phoneConfirmed)}
        >
          {(ids) => <Input {...ids} type="tel" autoComplete="tel" {...form.register('phone')} />}
        </Field>
        <Field label={t('location')} error={errors.location?.message}>
          {(ids) => (
            <Input {...ids} placeholder={t('locationPlaceholder')} {...form.register('location')} />
          )}
        </Field>
        {editing || form.getValues('aaaMemberId') ? (
          <Field label={t('aaaMembershipId')} error={errors.aaaMemberId?.message}>
            {(ids) => <Input {...ids} {...form.register('aaaMemberId')} />}
          </Field>
        ) : null}
      </fieldset>
    </Card>
  );
}
