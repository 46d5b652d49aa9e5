import { CalendarCheck, ClipboardCheck, DollarSign, Truck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { AdminDashboard } from '#core/admin/schemas.ts';
import { formatUsd } from '#core/money.ts';
import { Card } from '#web/components/ui/card.tsx';
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
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard title="Active Providers" value={stats.activeProviders} icon={Truck}>
        of {stats.totalProviders} providers
      </StatCard>
      <StatCard title="Today's Bookings" value={stats.todaysBookings} icon={CalendarCheck}>
        {stats.pendingBookings} pending · {stats.totalBookings} in all
      </StatCard>
      <StatCard title="Revenue (10%)" value={formatUsd(stats.totalRevenue)} icon={DollarSign}>
        from {stats.completedBookings} completed bookings
      </StatCard>
      <StatCard title="Pending Reviews" value={stats.pendingVerifications} icon={ClipboardCheck}>
        {stats.pendingVerifications > 0 ? (
          <Link href="/admin?tab=verification" className="font-semibold text-primary underline">
            Review applications
          </Link>
        ) : (
          'No applications waiting'
        )}
      </StatCard>
    </div>
  );
}

function Extras({ stats }: { stats: AdminDashboard }) {
  const plans = stats.activePlans;
  return (
    <Card className="grid content-start gap-4 p-4 text-sm">
      <div className="grid gap-1">
        <h2 className="font-semibold text-muted-foreground">Subscription revenue this month</h2>
        <p className="text-2xl font-extrabold tabular-nums" data-testid="subscription-revenue">
          {formatUsd(stats.subscriptionRevenueThisMonth)}
        </p>
      </div>
      <div className="grid gap-2">
        <h2 className="font-semibold text-muted-foreground">Active plans</h2>
        <dl className="grid grid-cols-3 gap-2 text-center">
          {(
            [
              ['Basic', plans.basic],
              ['Premium', plans.premium],
              ['Enterprise', plans.enterprise],
            ] as const
          ).map(([label, count]) => (
            <div key={label} className="rounded-lg bg-muted p-2">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-lg font-bold tabular-nums">{count}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="grid gap-1">
        <h2 className="font-semibold text-muted-foreground">Users</h2>
        <p>
          <span className="font-bold tabular-nums">{stats.totalUsers}</span> in all:{' '}
          {stats.totalDrivers} drivers, {stats.totalMechanics} mechanics
        </p>
      </div>
    </Card>
  );
}

/** The stat cards, the plan figures and the 30-day chart. */
export function DashboardStats() {
  const { data: stats, isPending, error, refetch } = useDashboard();
  if (isPending)
    return (
      <div className="grid gap-3">
        <ListSkeleton label="Loading dashboard" rows={1} height={28} className="grid-cols-1" />
        <ListSkeleton label="Loading chart" rows={1} height={72} />
      </div>
    );
  if (error)
    return (
      <LoadError message={`Could not load the dashboard: ${error.message}`} onRetry={refetch} />
    );
  return (
    <section className="grid gap-3" aria-label="Dashboard">
      <StatCards stats={stats} />
      <div className="grid gap-3 lg:grid-cols-[1fr_18rem]">
        <DailyChart daily={stats.daily} />
        <Extras stats={stats} />
      </div>
    </section>
  );
}
