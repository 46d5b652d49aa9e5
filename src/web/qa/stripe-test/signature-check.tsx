import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useMe } from '#web/features/auth/index.ts';
import { billingCalls } from '../shared/billing/billing-calls.ts';
import { signatureRefused } from './checkout-flow.ts';
import type { CheckResult } from '../shared/checks.ts';
import { pageApi, type QaResponse } from '../shared/qa-api.ts';
import { createTestAccount, deleteTestAccount } from '../shared/test-accounts.ts';
import { CheckList } from '../shared/check-list.tsx';

const check = { id: 'wrong-signature', name: 'A wrongly signed webhook is refused' };

/**
 * Sends an event signed with the wrong secret through the real webhook endpoint: the expected
 * outcome is a refusal. Runs as you, or as a test mechanic deleted straight after when signed out.
 */
export function SignatureCheck() {
  const me = useMe();
  const [result, setResult] = useState<CheckResult | undefined>();

  const run = async () => {
    setResult({ status: 'running' });
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    let temporary: Awaited<ReturnType<typeof createTestAccount>>['account'];
    let client = pageApi;
    if (!me.data) {
      const created = await createTestAccount('mechanic');
      if (!created.account) {
        setResult({
          status: 'failed',
          detail: 'Could not create a test mechanic to send it as',
          httpStatus: created.response.status,
          message: created.response.message,
          ms: ms(),
        });
        return;
      }
      temporary = created.account;
      client = created.account.api;
    }
    let response: QaResponse<{
      status: number;
      verified: boolean;
      error: string | null;
      eventId: string;
    }>;
    try {
      response = await billingCalls(client).webhookTest({
        sessionId: `cs_qa_test_${crypto.randomUUID()}`,
        verified: false,
      });
    } finally {
      if (temporary) await deleteTestAccount(temporary);
    }
    if (!response.ok) {
      setResult({
        status: 'failed',
        detail: `The webhook test call itself was refused: ${response.message}`,
        httpStatus: response.status,
        message: response.message,
        ms: ms(),
      });
      return;
    }
    const answer = response.body;
    if (signatureRefused(answer)) {
      toast({
        title: 'Webhook verification failed',
        description: 'Could not validate webhook signature',
        variant: 'destructive',
      });
      setResult({
        status: 'passed',
        detail: `Refused as expected — the endpoint answered ${answer.status}: ${answer.error ?? 'no message'}`,
        httpStatus: response.status,
        message: response.message,
        ms: ms(),
      });
    } else {
      setResult({
        status: 'failed',
        detail: `A wrongly signed event was accepted: the endpoint answered ${answer.status}`,
        httpStatus: response.status,
        message: response.message,
        ms: ms(),
      });
    }
  };

  return (
    <Card className="grid min-w-0 gap-4 p-4 sm:p-5">
      <div className="grid gap-1">
        <h2 className="flex items-center gap-2 text-xl font-bold">
          <ShieldCheck className="size-5" aria-hidden />
          Webhook signature
        </h2>
        <p className="text-sm text-muted-foreground">
          Signs an event with the wrong secret and posts it to the real webhook endpoint. The
          expected outcome is “Webhook verification failed — Could not validate webhook signature”:
          that refusal passes the check.
        </p>
      </div>
      <Button
        variant="outline"
        className="h-auto min-h-11 py-2 whitespace-normal sm:justify-self-start"
        onClick={() => void run()}
        disabled={result?.status === 'running' || me.isPending}
      >
        Send a wrongly signed webhook
      </Button>
      <div aria-live="polite">
        <CheckList
          checks={[check]}
          results={{ [check.id]: result }}
          label="Webhook signature check"
        />
      </div>
    </Card>
  );
}
