import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  businessFormSchema,
  licenseFormSchema,
  servicesFormSchema,
  servicesFormToInput,
  type BusinessForm,
  type LicenseForm,
  type ServicesForm,
} from '#core/providers/business-forms.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import { bindField, LicenseFields } from '#web/components/business-fields.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useCreateBusiness } from '../api/use-profile.ts';
import { BusinessTab } from './business-tab.tsx';
import { ServicesTab } from './services-tab.tsx';

/** A mechanic who signed up from the landing page creates the business drivers will book. */
export function CreateBusinessCard({ user }: { user: PublicUser }) {
  const create = useCreateBusiness(user.id);
  const business = useForm<BusinessForm>({
    resolver: zodResolver(businessFormSchema),
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
    resolver: zodResolver(servicesFormSchema),
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
    resolver: zodResolver(licenseFormSchema),
    defaultValues: { licenseNumber: '', insurancePolicy: '' },
  });

  const submit = async () => {
    const checks = await Promise.all([business.trigger(), services.trigger(), license.trigger()]);
    if (!checks.every(Boolean)) return;
    create.mutate(
      {
        ...business.getValues(),
        ...servicesFormToInput(services.getValues()),
        ...licenseFormSchema.parse(license.getValues()),
      },
      {
        onSuccess: () =>
          toast({
            title: 'Business Profile Updated',
            description: 'Your business awaits verification; we review it within 24 hours.',
            variant: 'success',
          }),
      },
    );
  };

  return (
    <div className="grid gap-4">
      <Card className="grid gap-2 border-primary p-4">
        <h2 className="text-lg font-bold">Create your business profile</h2>
        <p className="text-muted-foreground">
          Drivers find and book businesses, not accounts. Tell them who you are and where you work;
          an operator verifies new businesses within 24 hours.
        </p>
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
        {create.isPending ? 'Saving...' : 'Create Business Profile'}
      </Button>
    </div>
  );
}
