import { useMemo } from 'react';
import { failureToasts, paymentChecks } from './payment-checks.ts';
import { usePaymentsGateway } from '../shared/billing/use-payments-gateway.ts';
import { useTestMechanic } from '../shared/billing/use-test-mechanic.ts';
import { withFailureToasts } from './with-failure-toast.ts';
import { InternalPage } from '../shared/internal-page.tsx';
import { CurrentTab } from './current-tab.tsx';
import { GatewayNote } from '../shared/billing/gateway-note.tsx';
import { HistoryTab } from './history-tab.tsx';
import { PaymentTab } from './payment-tab.tsx';
import { PlansTab } from './plans-tab.tsx';
import { TestMechanicRun } from '../shared/billing/test-mechanic-run.tsx';
import { TestMechanicBar } from '../shared/billing/test-mechanic-bar.tsx';
import { SectionTabs } from '../shared/section-tabs.tsx';

const checks = withFailureToasts(paymentChecks, failureToasts);

export default function PaymentTestPage() {
  const gateway = usePaymentsGateway();
  const mechanic = useTestMechanic();
  const context = useMemo(() => ({ gateway: gateway.data ?? 'test' }), [gateway.data]);

  return (
    <InternalPage
      title="Payment and Subscription Test"
      description="Subscribes, upgrades and cancels plans on a test mechanic created for the purpose and deleted afterwards — never on your own plan."
    >
      <GatewayNote gateway={gateway.data} />
      <TestMechanicBar
        mechanic={mechanic}
        purpose="Money actions run as a test mechanic, created on the first payment and deleted when you leave."
      />
      <SectionTabs
        defaultValue="plans"
        listClassName="grid-cols-3 sm:grid-flow-col sm:grid-cols-none"
        tabs={[
          { value: 'plans', label: 'Plans', content: <PlansTab /> },
          {
            value: 'payment',
            label: 'Payment',
            content: <PaymentTab mechanic={mechanic} gateway={gateway.data} />,
          },
          {
            value: 'current',
            label: 'Current',
            content: <CurrentTab account={mechanic.account} />,
          },
          {
            value: 'history',
            label: 'History',
            content: <HistoryTab account={mechanic.account} />,
          },
          {
            value: 'testing',
            label: 'Testing',
            content: (
              <TestMechanicRun
                title="Automated payment checks"
                intro="Each run registers a fresh test mechanic, pays with Stripe's test cards through the test gateway, and deletes the account at the end (which cancels its plan)."
                checks={checks}
                context={context}
                gapMs={500}
              />
            ),
          },
        ]}
      />
    </InternalPage>
  );
}
