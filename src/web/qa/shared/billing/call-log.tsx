import { CheckStatusIcon } from '../check-list.tsx';
import type { QaResponse } from '../qa-api.ts';

/** What a call answered, in one line: "POST /api/x → 201 Created · 40 ms". */
export const callLine = (call: QaResponse) =>
  `${call.method} ${call.path} → ${call.status === 0 ? 'no answer' : call.status} ${call.message} · ${call.ms} ms`;

/** The calls an action made, in order, each with its status, message and time. */
export function CallLog({ calls, label }: { calls: readonly QaResponse[]; label: string }) {
  if (calls.length === 0) return null;
  return (
    <ol className="grid gap-1.5" aria-label={label}>
      {calls.map((call, index) => (
        <li
          key={index}
          className="flex items-start gap-2 rounded-md border bg-muted/40 p-2 text-sm"
          data-testid="call"
          data-status={call.status}
        >
          <CheckStatusIcon status={call.ok ? 'passed' : 'failed'} />
          <span className="min-w-0 flex-1 font-mono text-xs wrap-anywhere sm:text-sm">
            {callLine(call)}
          </span>
        </li>
      ))}
    </ol>
  );
}
