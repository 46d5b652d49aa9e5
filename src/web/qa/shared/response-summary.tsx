import { Badge } from '#web/components/ui/badge.tsx';
import type { QaResponse } from './qa-api.ts';

/** One call as it came back: method and path, HTTP status, the server's message and the time. */
export function ResponseSummary({ response }: { response: QaResponse }) {
  return (
    <p
      className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm"
      data-testid="response-summary"
    >
      <Badge variant={response.ok ? 'success' : 'destructive'}>
        {response.status === 0 ? 'No answer' : `HTTP ${response.status}`}
      </Badge>
      <span className="font-medium wrap-anywhere">{response.message}</span>
      <span className="text-muted-foreground tabular-nums">· {response.ms} ms</span>
      <code className="text-xs text-muted-foreground wrap-anywhere">
        {response.method} {response.path}
      </code>
    </p>
  );
}
