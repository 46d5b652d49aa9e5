import { useForm } from 'react-hook-form';
import { servicesFormToInput } from '#core/providers/business-form-input.ts';
import type { BusinessForm, LicenseForm, ServicesForm } from '#core/providers/business-forms.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import { bindField, LicenseFields } from '#web/components/business-fields.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { textOf, useText } from '#web/lib/i18n.ts';
import { lazyResolver } from '#web/lib/lazy-resolver.ts';
import { profileText } from '../text.ts';
import { useCreateBusiness } from '../api/use-profile.ts';
import { BusinessTab } from './business-tab.tsx';
import { ServicesTab } from './services-tab.tsx';

const businessForms = () => import('#core/providers/business-forms.ts');
const businessResolver = lazyResolver(() => businessForms().then((m) => m.businessFormSchema));
const servicesResolver = lazyResolver(() => businessForms().then((m) => m.servicesFormSchema));
const licenseResolver = lazyResolver(() => businessForms().then((m) => m.licenseFormSchema));

/** A mechanic who signed up from the landing page creates the business drivers will book. */
export function CreateBusinessCard({ user }: { user: PublicUser }) {
  const t = useText(profileText);
  const create = useCreateBusiness(user.id);
  const business = useForm<BusinessForm>({
    resolver: businessResolver,
    defaultValues: {
      businessName: '',
      serviceType: 'mobile_mechanic',
      description: '',
      address: '',
      city: '',
      state: '',
      zipCode: '',
      phone: user.phone,
      email: user.email,
      website: '',
    },
  });
  const services = useForm<ServicesForm>({
    resolver: servicesResolver,
    defaultValues: {
      visitFee: '',
      hourlyRate: '',
      is24Hour: false,
      acceptsAAA: false,
      specialties: '',
      certifications: '',
    },
  });
  const license = useForm<LicenseForm>({
    resolver: licenseResolver,
    defaultValues: { licenseNumber: '', insurancePolicy: '' },
  });

  const submit = async () => {
    const checks = await Promise.all([business.trigger(), services.trigger(), license.trigger()]);
    if (!checks.every(Boolean)) return;
    const { licenseFormSchema } = await businessForms();
    create.mutate(
      {
        ...business.getValues(),
        ...servicesFormToInput(services.getValues()),
        ...licenseFormSchema.parse(license.getValues()),
      },
      {
        onSuccess: () =>
          toast({
            title: textOf(profileText)('businessProfileUpdated'),
            description: textOf(profileText)('businessAwaitsVerification'),
            variant: 'success',
          }),
      },
    );
  };

  return (
    <div className="grid gap-4">
      <Card className="grid gap-2 border-primary p-4">
        <h2 className="text-lg font-bold">{t('createBusinessTitle')}</h2>
        <p className="text-muted-foreground">{t('createBusinessIntro')}</p>
      </Card>
      <BusinessTab form={business} editing />
      <ServicesTab form={services} editing />
      <Card className="grid gap-4 p-4 sm:grid-cols-2">
        <LicenseFields
          licenseNumber={bindField(license, 'licenseNumber')}
          insurancePolicy={bindField(license, 'insurancePolicy')}
        />
      </Card>
      <FormError message={create.error?.message} />
      <Button size="lg" onClick={() => void submit()} disabled={create.isPending}>
        {create.isPending ? t('saving') : t('createBusinessProfile')}
      </Button>
    </div>
  );
}
