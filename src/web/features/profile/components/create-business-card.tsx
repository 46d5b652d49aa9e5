import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  businessFormSchema,
  servicesFormSchema,
  servicesFormToInput,
  type BusinessForm,
  type ServicesForm,
} from '../../../../core/providers/business-forms.ts';
import type { PublicUser } from '../../../../core/users/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useCreateBusiness } from '../api/use-profile.ts';
import { BusinessTab } from './business-tab.tsx';
import { ServicesTab } from './services-tab.tsx';

/** A mechanic who signed up from the landing page creates the business drivers will book. */
export function CreateBusinessCard({ user }: { user: PublicUser }) {
  const create = useCreateBusiness(user.id);
  const [license, setLicense] = useState({ licenseNumber: '', insurancePolicy: '' });
  const [missing, setMissing] = useState(false);
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

  const submit = async () => {
    const valid = (await business.trigger()) && (await services.trigger());
    const licensed = Boolean(license.licenseNumber.trim() && license.insurancePolicy.trim());
    setMissing(!licensed);
    if (!valid || !licensed) return;
    create.mutate(
      {
        ...business.getValues(),
        ...servicesFormToInput(services.getValues()),
        ...license,
      } as Parameters<typeof create.mutate>[0],
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
        <Field label="Business License Number">
          {(ids) => (
            <Input
              {...ids}
              value={license.licenseNumber}
              onChange={(e) => setLicense({ ...license, licenseNumber: e.target.value })}
            />
          )}
        </Field>
        <Field label="Insurance Policy Number">
          {(ids) => (
            <Input
              {...ids}
              value={license.insurancePolicy}
              onChange={(e) => setLicense({ ...license, insurancePolicy: e.target.value })}
            />
          )}
        </Field>
      </Card>
      <FormError
        message={
          missing
            ? 'Business license and insurance policy numbers are required'
            : create.error?.message
        }
      />
      <Button size="lg" onClick={() => void submit()} disabled={create.isPending}>
        {create.isPending ? 'Saving...' : 'Create Business Profile'}
      </Button>
    </div>
  );
}
