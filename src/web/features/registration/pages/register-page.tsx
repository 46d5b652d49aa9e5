import { Truck, Wrench } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { Card } from '#web/components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { landingPathFor } from '#web/features/auth/index.ts';
import { useText } from '#web/lib/i18n.ts';
import { DriverRegistrationForm } from '../components/driver-registration-form.tsx';
import { ProviderApplicationForm } from '../components/provider-application-form.tsx';
import { registrationText } from '../text.ts';

export default function RegisterPage() {
  const [, navigate] = useLocation();
  const t = useText(registrationText);
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-6 md:py-10">
      <header className="grid gap-2 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight">{t('joinTitle')}</h1>
        <p className="text-muted-foreground">{t('joinIntro')}</p>
      </header>
      <Card className="p-4 md:p-6">
        <Tabs defaultValue="driver" className="grid gap-6">
          <TabsList>
            <TabsTrigger value="driver" className="gap-2">
              <Truck className="size-4" aria-hidden /> {t('driverTab')}
            </TabsTrigger>
            <TabsTrigger value="provider" className="gap-2">
              <Wrench className="size-4" aria-hidden /> {t('providerTab')}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="driver">
            <DriverRegistrationForm onRegistered={(user) => navigate(landingPathFor(user.role))} />
          </TabsContent>
          <TabsContent value="provider">
            <ProviderApplicationForm onApplied={(user) => navigate(landingPathFor(user.role))} />
          </TabsContent>
        </Tabs>
      </Card>
      <p className="text-center">
        <Link
          href="/login"
          className="font-semibold text-primary underline-offset-4 hover:underline"
        >
          {t('haveAccount')}
        </Link>
      </p>
    </div>
  );
}
