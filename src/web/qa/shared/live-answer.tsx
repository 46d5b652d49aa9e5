import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import type { QaResponse } from './qa-api.ts';
import { ResponseSummary } from './response-summary.tsx';

interface LiveAnswerProps<T> {
  query: { data?: QaResponse<T>; isPending: boolean; isFetching: boolean; refetch: () => unknown };
  loading: string;
  children: (response: QaResponse<T>) => ReactNode;
}

/**
 * The states of one live call: loading, a refusal or error shown with its status and message, or
 * `children` with the successful answer.
 */
export function LiveAnswer<T>({ query, loading, children }: LiveAnswerProps<T>) {
  if (query.isPending || !query.data)
    return (
      <p
        role="status"
        className="animate-pulse rounded-lg bg-muted p-4 text-sm text-muted-foreground"
      >
        {loading}
      </p>
    );
  const response = query.data;
  if (!response.ok)
    return (
      <div
        role="alert"
        className="grid gap-2 rounded-lg border-2 border-dashed border-destructive/50 p-4"
      >
        <p className="font-semibold text-destructive">The server refused or failed this call.</p>
        <ResponseSummary response={response} />
        <div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            Try Again
          </Button>
        </div>
      </div>
    );
  return <>{children(response)}</>;
}

/** `LiveAnswer` with the successful call's status, message and time under what it shows. */
export function LiveResult<T>({ query, loading, children }: LiveAnswerProps<T>) {
  return (
    <LiveAnswer query={query} loading={loading}>
      {(response) => (
        <div className="grid gap-2">
          {children(response)}
          <ResponseSummary response={response} />
        </div>
      )}
    </LiveAnswer>
  );
}
