import { useMemo } from 'react';
import { InternalPage } from '../shared/internal-page.tsx';
import { SuiteGroupCard } from './suite-group-card.tsx';
import { SuiteOverview } from './suite-overview.tsx';
import { useSuiteRun } from './use-suite-run.ts';
import { suiteGroups } from './groups.ts';
import { buildSummary } from './summary.ts';

export default function CompleteTestSuitePage() {
  const suite = useSuiteRun(suiteGroups);
  const summary = useMemo(
    () =>
      buildSummary({
        groups: suiteGroups,
        results: suite.results,
        startedAt: suite.startedAt,
        finishedAt: suite.finishedAt,
        setup: suite.setup,
        cleanup: suite.cleanup,
      }),
    [suite.results, suite.startedAt, suite.finishedAt, suite.setup, suite.cleanup],
  );
  const busy = suite.running !== null;

  return (
    <InternalPage
      title="Complete Test Suite"
      description="Forty checks in eight groups against the live API. Each run creates its own test driver and test mechanic, and deletes them and everything they made when it ends."
    >
      <SuiteOverview
        summary={summary}
        running={busy}
        onRunAll={() => void suite.run()}
        onReset={suite.reset}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        {suiteGroups.map((group) => (
          <SuiteGroupCard
            key={group.id}
            group={group}
            results={suite.results}
            running={suite.running === group.id}
            disabled={busy}
            onRun={() => void suite.run(group.id)}
          />
        ))}
      </div>
    </InternalPage>
  );
}
