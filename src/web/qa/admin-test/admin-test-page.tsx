import { ShieldAlert } from 'lucide-react';
import { Card } from '#web/components/ui/card.tsx';
import { useMe } from '#web/features/auth/index.ts';
import { AdminActionsPanel } from './admin-actions-panel.tsx';
import { adminChecks, noContext } from './admin-checks.ts';
import {
  BookingsSection,
  DashboardSection,
  ProvidersSection,
  UsersSection,
} from './admin-sections.tsx';
import { InternalPage } from '../shared/internal-page.tsx';
import { RunPanel } from '../shared/run-panel.tsx';
import { SectionTabs } from '../shared/section-tabs.tsx';
import { useCheckRun } from '../shared/use-check-run.ts';

const manualRun = { prepare: noContext, gapMs: 500 };

function AdminOnlyNotice() {
  const { data: me } = useMe();
  if (me?.role === 'admin') return null;
  return (
    <Card className="flex gap-3 border-destructive/50 p-4" role="note">
      <ShieldAlert className="size-6 shrink-0 text-destructive" aria-hidden />
      <div className="grid gap-1 text-sm">
        <p className="font-semibold">This page needs an admin account for its data.</p>
        <p className="text-muted-foreground">
          {me
            ? `You are signed in as a ${me.role}: the admin API refuses you, and the tabs and checks below show that refusal as it comes back.`
            : 'You are not signed in: the admin API refuses the calls below, and they show that refusal as it comes back.'}
        </p>
      </div>
    </Card>
  );
}

export default function AdminTestPage() {
  const manual = useCheckRun(adminChecks, manualRun);
  return (
    <InternalPage
      title="Admin Test"
      description="The admin API as an operator sees it: statistics, users, providers and bookings read live, and checks of the data each call returns. Only the Admin Actions change data, on test data of their own, and undo it when they end."
    >
      <AdminOnlyNotice />
      <SectionTabs
        label="Admin test sections"
        defaultValue="dashboard"
        listClassName="grid-cols-2 sm:grid-cols-3 lg:grid-flow-col lg:grid-cols-none"
        tabs={[
          { value: 'dashboard', label: 'Dashboard', content: <DashboardSection /> },
          { value: 'users', label: 'User Management', content: <UsersSection /> },
          { value: 'providers', label: 'Providers', content: <ProvidersSection /> },
          { value: 'bookings', label: 'Bookings', content: <BookingsSection /> },
          {
            value: 'manual',
            label: 'Manual Testing',
            content: (
              <div className="grid gap-4">
                <RunPanel
                  title="Manual Testing"
                  description="Reads each admin endpoint with your session and checks the shape of what comes back. A caller who is not an admin sees these fail with the server's refusal."
                  checks={adminChecks}
                  runner={manual}
                />
                <AdminActionsPanel />
              </div>
            ),
          },
        ]}
      />
    </InternalPage>
  );
}
