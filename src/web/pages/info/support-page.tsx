import { Mail, Phone, ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { Card } from '#web/components/ui/card.tsx';
import { T, useText } from '#web/lib/i18n.ts';
import { ContentPage } from './content-page.tsx';
import { supportText } from './support-text.ts';

export default function SupportPage() {
  const t = useText(supportText);
  return (
    <ContentPage title={t('title')}>
      <Card className="flex items-start gap-3 border-destructive p-4">
        <ShieldAlert className="mt-0.5 size-6 shrink-0 text-destructive" aria-hidden />
        <p>
          <T text={supportText} id="danger" components={{ 0: <strong /> }} />
        </p>
      </Card>
      <div className="grid gap-3 sm:grid-cols-2">
        <Card className="grid gap-1 p-4">
          <Phone className="size-6 text-primary" aria-hidden />
          <h2 className="!mt-1 !text-lg">{t('callTitle')}</h2>
          <a href="tel:+18005550199" translate="no">
            (800) 555-0199
          </a>
        </Card>
        <Card className="grid gap-1 p-4">
          <Mail className="size-6 text-primary" aria-hidden />
          <h2 className="!mt-1 !text-lg">{t('writeTitle')}</h2>
          <a href="mailto:support@truckfinder.test" translate="no">
            support@truckfinder.test
          </a>
        </Card>
      </div>
      <h2>{t('questionsTitle')}</h2>
      <h3 className="font-bold">{t('findHelpQuestion')}</h3>
      <p>
        <T text={supportText} id="findHelpAnswer" components={{ 0: <Link href="/home" /> }} />
      </p>
      <h3 className="font-bold">{t('passwordQuestion')}</h3>
      <p>
        <T
          text={supportText}
          id="passwordAnswer"
          components={{ 0: <Link href="/forgot-password" /> }}
        />
      </p>
      <h3 className="font-bold">{t('listShopQuestion')}</h3>
      <p>
        <T text={supportText} id="listShopAnswer" components={{ 0: <Link href="/register" /> }} />
      </p>
    </ContentPage>
  );
}
