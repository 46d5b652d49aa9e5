import { Loader2, Play } from 'lucide-react';
import { useEffect } from 'react';
import type { Provider } from '#core/providers/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EVENT_TIMEOUT_MS } from './status-toggle.ts';
import { CheckList } from '../shared/check-list.tsx';
import { AutoRefresh } from './auto-refresh.tsx';
import { EventLog } from './event-log.tsx';
import { readBusiness } from './provider-calls.ts';
import { StatusPanel } from './status-panel.tsx';
import { useStatusRun } from './use-status-run.ts';

/** Everything the test does to one provider; mount it with `key={provider.id}`. */
export function AvailabilityWorkbench({
  provider,
}: {
  provider: Pick<Provider, 'id' | 'userId' | 'status'>;
}) {
  const run = useStatusRun(provider.id, provider.status);
  const { userId } = provider;
  const { showStatus } = run;

  // The list the provider came from may be older than its status now.
  useEffect(() => {
    let stopped = false;
    void readBusiness(userId).then((response) => {
      if (!stopped && response.ok && response.body?.status) showStatus(response.body.status);
    });
    return () => {
      stopped = true;
    };
  }, [userId, showStatus]);

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="grid content-start gap-4">
        <StatusPanel
          providerId={provider.id}
          status={run.status}
          originalStatus={run.originalStatus}
          toggles={run.toggles}
          busy={run.busy}
          onToggle={(status) => void run.toggle(status)}
          onRestore={() => void run.restore()}
        />
        <Card className="grid gap-3 p-4 sm:p-6">
          <h2 className="text-lg font-bold">Status cycle</h2>
          <p className="text-sm text-muted-foreground">
            Sets each status in turn, 1.5 s apart; each step passes when the API answers 200 with
            that status and the provider-status event arrives within {EVENT_TIMEOUT_MS / 1000} s.
            The last step puts the original status back.
          </p>
          <div>
            <Button onClick={() => void run.cycle.run()} disabled={run.busy}>
              {run.cycle.running ? (
                <Loader2 className="animate-spin" aria-hidden />
              ) : (
                <Play aria-hidden />
              )}
              {run.cycle.running ? 'Running...' : 'Run status cycle'}
            </Button>
          </div>
          <CheckList checks={run.cycle.checks} results={run.cycle.results} label="Status cycle" />
        </Card>
      </div>
      <div className="grid content-start gap-4">
        <EventLog events={run.events} />
        <AutoRefresh userId={userId} onStatus={showStatus} />
      </div>
    </div>
  );
}
