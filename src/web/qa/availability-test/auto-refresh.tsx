import { useEffect, useState } from 'react';
import type { Provider } from '#core/providers/schemas.ts';
import { Card } from '#web/components/ui/card.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { StatusBadge } from '#web/features/providers/index.ts';
import { AUTO_REFRESH_MS } from './status-toggle.ts';
import type { QaResponse } from '../shared/qa-api.ts';
import { businessPath, readBusiness } from './provider-calls.ts';

interface Reading {
  key: number;
  at: Date;
  response: QaResponse<Provider>;
}

const MAX_READINGS = 10;

/**
 * Re-reads the business of `userId` every 5 seconds while switched on; nothing keeps running once
 * off or gone.
 */
export function AutoRefresh({
  userId,
  onStatus,
}: {
  userId: string;
  onStatus: (status: string) => void;
}) {
  const [on, setOn] = useState(false);
  const [readings, setReadings] = useState<Reading[]>([]);

  useEffect(() => {
    if (!on) return;
    let stopped = false;
    const read = async () => {
      const response = await readBusiness(userId);
      if (stopped) return;
      setReadings((list) =>
        [{ key: performance.now(), at: new Date(), response }, ...list].slice(0, MAX_READINGS),
      );
      if (response.ok && response.body?.status) onStatus(response.body.status);
    };
    void read();
    const timer = setInterval(() => void read(), AUTO_REFRESH_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [on, userId, onStatus]);

  return (
    <Card className="grid gap-3 p-4 sm:p-6">
      <h2 className="text-lg font-bold">Auto-refresh</h2>
      <div className="flex items-center gap-3">
        <Switch id="availability-auto-refresh" checked={on} onCheckedChange={setOn} />
        <Label htmlFor="availability-auto-refresh">
          Re-read the provider every {AUTO_REFRESH_MS / 1000} seconds
        </Label>
      </div>
      <p className="text-sm text-muted-foreground wrap-anywhere">GET {businessPath(userId)}</p>
      <ol className="grid gap-2" aria-label="Provider readings" data-testid="readings">
        {readings.length === 0 ? (
          <li className="text-sm text-muted-foreground">{on ? 'Reading…' : 'Off.'}</li>
        ) : (
          readings.map(({ key, at, response }) => (
            <li
              key={key}
              className="flex flex-wrap items-center gap-2 rounded-lg border p-2 text-sm"
            >
              <span className="tabular-nums">{at.toLocaleTimeString()}</span>
              {response.ok && response.body?.status ? (
                <StatusBadge status={response.body.status} />
              ) : (
                <span className="font-semibold text-destructive wrap-anywhere">
                  {response.message}
                </span>
              )}
              <span className="text-muted-foreground">
                HTTP {response.status || '—'} · {response.ms} ms
              </span>
            </li>
          ))
        )}
      </ol>
    </Card>
  );
}
