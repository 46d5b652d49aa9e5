import { useCallback, useEffect, useRef, useState } from 'react';
import { deleteTestAccountWhileLeaving } from '../shared/test-accounts.ts';
import { RunPanel } from '../shared/run-panel.tsx';
import { useCheckRun } from '../shared/use-check-run.ts';
import {
  adminActions,
  prepareAdminActions,
  undoAdminActions,
  type ActionContext,
  type UndoOutcome,
} from './admin-actions.ts';

/**
 * The two admin actions of the specification, on test data made for the run and undone at its
 * end; a tab closed mid-run still deletes the test accounts (and their business and booking).
 */
export function AdminActionsPanel() {
  const [undo, setUndo] = useState<UndoOutcome | null>(null);
  const live = useRef<ActionContext | null>(null);

  useEffect(() => {
    const leave = () => {
      if (!live.current) return;
      deleteTestAccountWhileLeaving(live.current.driver);
      deleteTestAccountWhileLeaving(live.current.mechanic);
    };
    window.addEventListener('pagehide', leave);
    return () => window.removeEventListener('pagehide', leave);
  }, []);

  const prepare = useCallback(async () => {
    setUndo(null);
    live.current = await prepareAdminActions();
    return live.current;
  }, []);
  const cleanup = useCallback(async (context: ActionContext) => {
    const outcome = await undoAdminActions(context).catch((error: unknown): UndoOutcome => ({
      ok: false,
      detail: `Undo failed: ${error instanceof Error ? error.message : String(error)}`,
    }));
    live.current = null;
    setUndo(outcome);
  }, []);
  const runner = useCheckRun(adminActions, { prepare, cleanup, gapMs: 500 });

  return (
    <RunPanel
      title="Admin Actions"
      description="Changes data as an admin, on test data made for the run: a test mechanic's business goes from available to busy and back, and a test driver's pending booking is moved to confirmed. At the end the business and the booking are put back, the driver cancels the booking and both test accounts are deleted."
      checks={adminActions}
      runner={runner}
      runLabel="Run Admin Actions"
    >
      {undo && (
        <p
          role="status"
          data-testid="admin-actions-undo"
          data-ok={undo.ok}
          className={
            undo.ok ? 'text-sm font-medium text-success' : 'text-sm font-medium text-destructive'
          }
        >
          {undo.detail}
        </p>
      )}
    </RunPanel>
  );
}
