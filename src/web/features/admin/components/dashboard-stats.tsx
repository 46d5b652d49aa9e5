import { CalendarCheck, ClipboardCheck, DollarSign, Truck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { AdminDashboard } from '#core/admin/schemas.ts';
import { Card } from '#web/components/ui/card.tsx';
import { useFormat } from '#web/lib/format.ts';
import { T, useText } from '#web/lib/i18n.ts';
import { adminText } from '../text.ts';
import { useDashboard } from '../api/use-dashboard.ts';
import { DailyChart } from './daily-chart.tsx';
import { ListSkeleton, LoadError } from './load-states.tsx';

function StatCard({
  title,
  value,
  icon: Icon,
  children,
}: {
  title: string;
  value: ReactNode;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <Card className="grid content-start gap-1 p-4" data-testid="stat-card">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-sm font-semibold text-muted-foreground">{title}</h2>
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
          <Icon className="size-5" aria-hidden />
        </span>
      </div>
      <p className="text-2xl font-extrabold tabular-nums sm:text-3xl">{value}</p>
      <div className="text-xs text-muted-foreground">{children}</div>
    </Card>
  );
}

function StatCards({ stats }: { stats: AdminDashboard }) {
  const t = useText(adminText);
  const f = useFormat();
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard title={t('activeProviders')} value={stats.activeProviders} icon={Truck}>
        {t('ofProviders', { count: stats.totalProviders })}
      </StatCard>
      <StatCard title={t('todaysBookings')} value={stats.todaysBookings} icon={CalendarCheck}>
        {t('bookingsPendingInAll', { pending: stats.pendingBookings, total: stats.totalBookings })}
      </StatCard>
      <StatCard title={t('revenue')} value={f.money(stats.totalRevenue)} icon={DollarSign}>
        {t('fromCompleted', { count: stats.completedBookings })}
      </StatCard>
      <StatCard
        title={t('pendingReviews')}
        value={stats.pendingVerifications}
        icon={ClipboardCheck}
      >
        {stats.pendingVerifications > 0 ? (
          <Link href="/admin?tab=verification" className="font-semibold text-primary underline">
            {t('reviewApplications')}
          </Link>
        ) : (
          t('noApplications')
        )}
      </StatCard>
    </div>
  );
}

function Extras({ stats }: { stats: AdminDashboard }) {
  const t = useText(adminText);
  const f = useFormat();
  const plans = stats.activePlans;
  return (
    <Card className="grid content-start gap-4 p-4 text-sm">
      <div className="grid gap-1">
        <h2 className="font-semibold text-muted-foreground">{t('subscriptionRevenue')}</h2>
        <p className="text-2xl font-extrabold tabular-nums" data-testid="subscription-revenue">
          {f.money(stats.subscriptionRevenueThisMonth)}
        </p>
      </div>
      <div className="grid gap-2">
        <h2 className="font-semibold text-muted-foreground">{t('activePlans')}</h2>
        <dl className="grid grid-cols-3 gap-2 text-center">
          {(
            [
              ['Basic', plans.basic],
              ['Premium', plans.premium],
              ['Enterprise', plans.enterprise],
            ] as const
          ).map(([label, count]) => (
            <div key={label} className="rounded-lg bg-muted p-2">
              <dt className="text-xs text-muted-foreground" translate="no">
                {label}
              </dt>
              <dd className="text-lg font-bold tabular-nums">{count}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="grid gap-1">
        <h2 className="font-semibold text-muted-foreground">{t('tabUsers')}</h2>
        <p>
          <T
            text={adminText}
            id="usersInAll"
            values={{
              total: stats.totalUsers,
              drivers: stats.totalDrivers,
              mechanics: stats.totalMechanics,
            }}
            components={{ 0: <span className="font-bold tabular-nums" /> }}
          />
        </p>
      </div>
    </Card>
  );
}

/** The stat cards, the plan figures and the 30-day chart. */
export function DashboardStats() {
  const t = useText(adminText);
  const { data: stats, isPending, error, refetch } = useDashboard();
  if (isPending)
    return (
      <div className="grid gap-3">
        {/* The heights the figures take (a phone: two columns of cards, then the chart above
            the plan figures; a desktop: one row of cards, the two side by side), so the tabs
            below do not move when they arrive. */}
        <ListSkeleton label={t('loadingDashboard')} rows={1} rowClassName="h-72 lg:h-32" />
        <ListSkeleton
          label={t('loadingChart')}
          rows={1}
          rowClassName="h-[41.5rem] lg:h-[23.625rem]"
        />
      </div>
    );
  if (error)
    return <LoadError message={`${t('dashboardFailed')}: ${error.message}`} onRetry={refetch} />;
  return (
    <section className="grid gap-3" aria-label={t('dashboard')}>
      <StatCards stats={stats} />
      <div className="grid gap-3 lg:grid-cols-[1fr_18rem]">
        <DailyChart daily={stats.daily} />
        <Extras stats={stats} />
      </div>
    </section>
  );
}
