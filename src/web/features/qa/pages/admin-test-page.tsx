import { ShieldAlert } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useMe } from '../../auth/api/use-me.ts';
import { adminChecks, noContext } from '../admin-test/admin-checks.ts';
import {
  BookingsSection,
  DashboardSection,
  ProvidersSection,
  UsersSection,
} from '../components/admin-test/admin-sections.tsx';
import { CheckRunPanel } from '../components/auth-test/check-run-panel.tsx';
import { InternalPage } from '../components/internal-page.tsx';

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
  return (
    <InternalPage
      title="Admin Test"
      description="The admin API as an operator sees it: statistics, users, providers and bookings read live, and checks of the data each call returns. Nothing here changes data."
    >
      <AdminOnlyNotice />
      <Tabs defaultValue="dashboard" className="grid gap-4">
        <TabsList
          aria-label="Admin test sections"
          className="h-auto grid-flow-row grid-cols-2 sm:grid-cols-3 lg:grid-flow-col lg:grid-cols-none"
        >
          <TabsTrigger value="dashboard">Dashboard</TabsTrigger>
          <TabsTrigger value="users">User Management</TabsTrigger>
          <TabsTrigger value="providers">Providers</TabsTrigger>
          <TabsTrigger value="bookings">Bookings</TabsTrigger>
          <TabsTrigger value="manual">Manual Testing</TabsTrigger>
        </TabsList>
        <TabsContent value="dashboard">
          <DashboardSection />
        </TabsContent>
        <TabsContent value="users">
          <UsersSection />
        </TabsContent>
        <TabsContent value="providers">
          <ProvidersSection />
        </TabsContent>
        <TabsContent value="bookings">
          <BookingsSection />
        </TabsContent>
        <TabsContent value="manual">
          <CheckRunPanel
            title="Manual Testing"
            description="Reads each admin endpoint with your session and checks the shape of what comes back. A caller who is not an admin sees these fail with the server's refusal."
            checks={adminChecks}
            prepare={noContext}
            gapMs={500}
          />
        </TabsContent>
      </Tabs>
    </InternalPage>
  );
}
