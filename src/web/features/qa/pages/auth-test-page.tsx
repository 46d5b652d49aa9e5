import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import {
  automatedChecks,
  cleanUpAuthRun,
  newAuthRun,
  validationChecks,
} from '../auth-test/auth-checks.ts';
import { CheckRunPanel } from '../components/auth-test/check-run-panel.tsx';
import { ManualTesting } from '../components/auth-test/manual-testing.tsx';
import { InternalPage } from '../components/internal-page.tsx';

export default function AuthTestPage() {
  return (
    <InternalPage
      title="Authentication Test"
      description="Registration, sign-in, sessions and the server's validation, tried against the live API with test accounts that are deleted afterwards."
    >
      <Tabs defaultValue="manual" className="grid gap-4">
        <TabsList
          aria-label="Authentication test sections"
          className="grid-flow-row grid-cols-1 sm:grid-flow-col sm:grid-cols-none h-auto"
        >
          <TabsTrigger value="manual">Manual Testing</TabsTrigger>
          <TabsTrigger value="automated">Automated Tests</TabsTrigger>
          <TabsTrigger value="validation">Validation Tests</TabsTrigger>
        </TabsList>
        <TabsContent value="manual">
          <ManualTesting />
        </TabsContent>
        <TabsContent value="automated">
          <CheckRunPanel
            title="Automated Tests"
            description="Registers a test account, signs in with it, reads and ends the session, and tries a wrong password and a duplicate registration. The account is deleted at the end."
            checks={automatedChecks}
            prepare={newAuthRun}
            cleanup={cleanUpAuthRun}
            gapMs={500}
          />
        </TabsContent>
        <TabsContent value="validation">
          <CheckRunPanel
            title="Validation Tests"
            description="Sends registrations and sign-ins with something wrong; each passes when the server refuses it with 400 and a message for the field. Anything accidentally created is deleted at the end."
            checks={validationChecks}
            prepare={newAuthRun}
            cleanup={cleanUpAuthRun}
            gapMs={500}
          />
        </TabsContent>
      </Tabs>
    </InternalPage>
  );
}
