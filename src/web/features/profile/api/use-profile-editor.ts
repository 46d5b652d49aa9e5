import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  businessFormFrom,
  servicesFormFrom,
  servicesFormToInput,
} from '#core/providers/business-form-input.ts';
import type { OwnProvider } from '#core/providers/pending-changes.ts';
import type { ProfileForm } from '#core/users/profile-form.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import { toast } from '#web/components/ui/use-toast.ts';
import { textOf } from '#web/lib/i18n.ts';
import { lazyResolver } from '#web/lib/lazy-resolver.ts';
import { profileText } from '../text.ts';
import { useUpdateBusiness, useUpdateUser } from './use-profile.ts';

const personalResolver = lazyResolver(() =>
  import('#core/users/profile-form.ts').then((m) => m.profileFormSchema),
);
const businessForms = () => import('#core/providers/business-forms.ts');
const businessResolver = lazyResolver(() => businessForms().then((m) => m.businessFormSchema));
const servicesResolver = lazyResolver(() => businessForms().then((m) => m.servicesFormSchema));

const profileFrom = (user: PublicUser): ProfileForm => ({
  name: user.name,
  email: user.email,
  phone: user.phone,
  location: user.location ?? '',
  aaaMemberId: user.aaaMemberId ?? '',
});

/** Compared with what was loaded (formState.isDirty is only tracked when read while rendering). */
const changed = <T>(now: T, before: T) => JSON.stringify(now) !== JSON.stringify(before);

/**
 * Edit Profile, Cancel and Save over the profile's three forms (personal details, business,
 * services): Save checks all of them, sends only the parts that changed and says how it went.
 */
export function useProfileEditor(user: PublicUser, provider: OwnProvider | null) {
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const updateUser = useUpdateUser(user.id);
  const updateBusiness = useUpdateBusiness(user.id, provider?.id ?? '');

  const personal = useForm({ resolver: personalResolver, values: profileFrom(user) });
  const business = useForm({
    resolver: businessResolver,
    values: provider ? businessFormFrom(provider) : undefined,
  });
  const services = useForm({
    resolver: servicesResolver,
    values: provider ? servicesFormFrom(provider) : undefined,
  });

  const cancel = () => {
    personal.reset(profileFrom(user));
    if (provider) {
      business.reset(businessFormFrom(provider));
      services.reset(servicesFormFrom(provider));
    }
    setEditing(false);
  };

  const save = async () => {
    const checks = [
      personal.trigger(),
      ...(provider ? [business.trigger(), services.trigger()] : []),
    ];
    if (!(await Promise.all(checks)).every(Boolean)) return;
    setSaving(true);
    const t = textOf(profileText);
    try {
      if (changed(personal.getValues(), profileFrom(user)))
        await updateUser.mutateAsync(personal.getValues());
      if (
        provider &&
        (changed(business.getValues(), businessFormFrom(provider)) ||
          changed(services.getValues(), servicesFormFrom(provider)))
      )
        await updateBusiness.mutateAsync({
          ...business.getValues(),
          ...servicesFormToInput(services.getValues()),
        });
      toast({
        title: provider ? t('businessProfileUpdated') : t('profileUpdated'),
        variant: 'success',
      });
      setEditing(false);
    } catch (error) {
      toast({
        title: t('updateFailed'),
        description: provider ? t('businessUpdateError') : t('profileUpdateError'),
        variant: 'destructive',
      });
      if (error instanceof Error) console.warn(error.message);
    } finally {
      setSaving(false);
    }
  };

  return {
    forms: { personal, business, services },
    editing,
    saving,
    start: () => setEditing(true),
    cancel,
    save,
  };
}
