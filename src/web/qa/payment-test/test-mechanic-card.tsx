import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import type { QaResponse } from '../shared/qa-api.ts';
import type { TestAccount } from '../shared/test-accounts.ts';
import { callLine } from '../shared/billing/call-log.tsx';

/**
 * One of the test mechanic's records, read live with a Refresh button: a note while there is no
 * test mechanic, `loading` while it is read, `failure` and the call when it fails, else `children`.
 */
export function TestMechanicCard<T>({
  title,
  account,
  query,
  loading,
  failure,
  children,
}: {
  title: string;
  account: TestAccount | undefined;
  query: { data?: QaResponse<T>; isFetching: boolean; refetch: () => unknown };
  loading: string;
  failure: string;
  children: (response: QaResponse<T>) => ReactNode;
}) {
  return (
    <Card className="grid min-w-0 gap-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-bold">{title}</h2>
        {account && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            <RefreshCw aria-hidden />
            Refresh
          </Button>
        )}
      </div>
      <div aria-live="polite" aria-busy={query.isFetching} className="min-w-0">
        {!account ? (
          <p className="text-muted-foreground">
            No test mechanic yet: pay for a plan in the Payment tab first.
          </p>
        ) : !query.data ? (
          <p role="status">{loading}</p>
        ) : !query.data.ok ? (
          <p role="alert" className="text-destructive wrap-anywhere">
            {failure}: {callLine(query.data)}
          </p>
        ) : (
          children(query.data)
        )}
      </div>
    </Card>
  );
}
