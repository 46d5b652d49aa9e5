import { automatedChecks, cleanUpAuthRun, newAuthRun, validationChecks } from './auth-checks.ts';
import { ManualTesting } from './manual-testing.tsx';
import { InternalPage } from '../shared/internal-page.tsx';
import { RunPanel } from '../shared/run-panel.tsx';
import { SectionTabs } from '../shared/section-tabs.tsx';
import { useCheckRun } from '../shared/use-check-run.ts';

const authRun = { prepare: newAuthRun, cleanup: cleanUpAuthRun, gapMs: 500 };

export default function AuthTestPage() {
  const automated = useCheckRun(automatedChecks, authRun);
  const validation = useCheckRun(validationChecks, authRun);
  return (
    <InternalPage
      title="Authentication Test"
      description="Registration, sign-in, sessions and the server's validation, tried against the live API with test accounts that are deleted afterwards."
    >
      <SectionTabs
        label="Authentication test sections"
        defaultValue="manual"
        listClassName="grid-cols-1 sm:grid-flow-col sm:grid-cols-none"
        tabs={[
          { value: 'manual', label: 'Manual Testing', content: <ManualTesting /> },
          {
            value: 'automated',
            label: 'Automated Tests',
            content: (
              <RunPanel
                title="Automated Tests"
                description="Registers a test account, signs in with it, reads and ends the session, and tries a wrong password and a duplicate registration. The account is deleted at the end."
                checks={automatedChecks}
                runner={automated}
              />
            ),
          },
          {
            value: 'validation',
            label: 'Validation Tests',
            content: (
              <RunPanel
                title="Validation Tests"
                description="Sends registrations and sign-ins with something wrong; each passes when the server refuses it with 400 and a message for the field. Anything accidentally created is deleted at the end."
                checks={validationChecks}
                runner={validation}
              />
            ),
          },
        ]}
      />
    </InternalPage>
  );
}
