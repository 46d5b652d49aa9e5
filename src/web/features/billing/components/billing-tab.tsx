import { useState } from 'react';
import type { PublicUser } from '#core/users/schemas.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { useText } from '#web/lib/i18n.ts';
import { plansText } from '../plans-text.ts';
import { useSavedCards } from '../api/use-saved-cards.ts';
import { BillingInfo } from './billing-info.tsx';
import { PaymentHistory } from './payment-history.tsx';
import { SaveCardDialog } from './save-card-dialog.tsx';
import { SubscriptionTab } from './subscription-tab.tsx';

export type BillingSection = 'subscription' | 'history' | 'info';

/** The mechanic's Billing tab: Subscription, Payment History and Billing Info (docs/billing.md). */
export function BillingTab({
  user,
  initialSection = 'subscription',
}: {
  user: PublicUser;
  initialSection?: BillingSection;
}) {
  const t = useText(plansText);
  const [section, setSection] = useState<string>(initialSection);
  const [updatingCard, setUpdatingCard] = useState(false);
  const cards = useSavedCards();
  const defaultCard = cards.data?.find((c) => c.isDefault) ?? null;

  return (
    <>
      <Tabs value={section} onValueChange={setSection} className="grid gap-4">
        <TabsList aria-label={t('billingSections')}>
          <TabsTrigger value="subscription" className="px-1 text-xs sm:px-3 sm:text-sm">
            {t('subscription')}
          </TabsTrigger>
          <TabsTrigger value="history" className="px-1 text-xs sm:px-3 sm:text-sm">
            {t('paymentHistory')}
          </TabsTrigger>
          <TabsTrigger value="info" className="px-1 text-xs sm:px-3 sm:text-sm">
            {t('billingInfo')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="subscription">
          <SubscriptionTab user={user} onUpdateCard={() => setUpdatingCard(true)} />
        </TabsContent>
        <TabsContent value="history">
          <PaymentHistory userId={user.id} />
        </TabsContent>
        <TabsContent value="info">
          <BillingInfo user={user} onUpdateCard={() => setUpdatingCard(true)} />
        </TabsContent>
      </Tabs>
      {updatingCard ? (
        <SaveCardDialog
          title={t('updatePaymentMethod')}
          description={defaultCard ? t('updateCardReplace') : t('updateCardNew')}
          makeDefault
          replaceCardId={defaultCard?.id ?? null}
          onClose={() => setUpdatingCard(false)}
        />
      ) : null}
    </>
  );
}

export default BillingTab;
