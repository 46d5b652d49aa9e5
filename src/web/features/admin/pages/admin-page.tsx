import { lazy, Suspense } from 'react';
import { useSearchParams } from 'wouter';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { SecondFactorGate } from '#web/features/auth/index.ts';
import { useDashboard } from '../api/use-dashboard.ts';
import { AddProviderButton } from '../components/add-provider-button.tsx';
import { AuditTab } from '../components/audit-tab.tsx';
import { BookingsTab } from '../components/bookings-tab.tsx';
import { DashboardStats } from '../components/dashboard-stats.tsx';
import { DeliveriesTab } from '../components/deliveries-tab.tsx';
import { DisputesTab } from '../components/disputes-tab.tsx';
import { OutboxTab } from '../components/outbox-tab.tsx';
import { ProvidersTab } from '../components/providers-tab.tsx';
import { UsersTab } from '../components/users-tab.tsx';
import { VerificationTab } from '../components/verification-tab.tsx';
import { ListSkeleton } from '../components/load-states.tsx';
import { useText } from '#web/lib/i18n.ts';
import { adminText } from '../text.ts';

// Card payments' side of the console (card disputes, the ledger) loads when its section opens.
const CardDisputes = lazy(() =>
  import('../components/card-disputes.tsx').then((m) => ({ default: m.CardDisputes })),
);
const MoneyTab = lazy(() =>
  import('../components/money-tab.tsx').then((m) => ({ default: m.MoneyTab })),
);
const SupportQueueTab = lazy(() =>
  import('../components/support-queue-tab.tsx').then((m) => ({ default: m.SupportQueueTab })),
);

const adminTabs = [
  ['providers', 'tabProviders'],
  ['verification', 'tabVerification'],
  ['users', 'tabUsers'],
  ['bookings', 'tabBookings'],
  ['support', 'tabSupport'],
  ['disputes', 'tabDisputes'],
  ['money', 'tabMoney'],
  ['outbox', 'tabOutbox'],
  ['deliveries', 'tabDeliveries'],
  ['audit', 'tabAudit'],
] as const;
type AdminTab = (typeof adminTabs)[number][0];

const isTab = (value: string | null): value is AdminTab => adminTabs.some(([tab]) => tab === value);

/**
 * The operator's console (docs/admin.md). The open tab lives in `?tab=` and a
 * search to start with in `?q=`, so links from one tab to another (and bookmarks) work.
 */
export default function AdminPage() {
  return (
    <SecondFactorGate>
      <AdminConsole />
    </SecondFactorGate>
  );
}

function AdminConsole() {
  const t = useText(adminText);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AdminTab = isTab(requested) ? requested : 'providers';
  const initialSearch = params.get('q') ?? '';
  const pending = useDashboard().data?.pendingVerifications ?? 0;

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t('title')}</h1>
          <p className="text-sm text-muted-foreground">{t('intro')}</p>
        </div>
        <AddProviderButton />
      </header>
      <DashboardStats />
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value })} className="grid gap-4">
        <TabsList
          aria-label={t('sections')}
          className="grid-flow-row grid-cols-3 md:grid-flow-col md:grid-cols-none"
        >
          {adminTabs.map(([value, label]) => (
            <TabsTrigger key={value} value={value} className="gap-1.5">
              {t(label)}
              {value === 'verification' && pending > 0 ? (
                <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
                  {pending}
                </span>
              ) : null}
            </TabsTrigger>
          ))}
        </TabsList>
        {/* A `key` with the search makes a link to ?q=… start that tab afresh. */}
        <TabsContent value="providers">
          <ProvidersTab key={`providers-${initialSearch}`} initialSearch={initialSearch} />
        </TabsContent>
        <TabsContent value="verification">
          <VerificationTab />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab key={`users-${initialSearch}`} initialSearch={initialSearch} />
        </TabsContent>
        <TabsContent value="bookings">
          <BookingsTab />
        </TabsContent>
        <TabsContent value="support">
          <Suspense fallback={<ListSkeleton label={t('loadingSupport')} rows={3} />}>
            <SupportQueueTab />
          </Suspense>
        </TabsContent>
        <TabsContent value="disputes" className="grid gap-6">
          <section aria-labelledby="cash-disputes-title" className="grid gap-3">
            <h2 id="cash-disputes-title" className="text-lg font-bold">
              {t('cashDisputes')}
            </h2>
            <DisputesTab />
          </section>
          <Suspense fallback={<ListSkeleton label={t('loadingCardDisputes')} rows={2} />}>
            <CardDisputes />
          </Suspense>
        </TabsContent>
        <TabsContent value="money">
          <Suspense fallback={<ListSkeleton label={t('loadingMoney')} rows={3} />}>
            <MoneyTab />
          </Suspense>
        </TabsContent>
        <TabsContent value="outbox">
          <OutboxTab />
        </TabsContent>
        <TabsContent value="deliveries">
          <DeliveriesTab />
        </TabsContent>
        <TabsContent value="audit">
          <AuditTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
