import { lazy, Suspense, type ComponentProps } from 'react';
import type { ReasonDialog as Loaded } from './reason-dialog.tsx';

const Dialog = lazy(() => import('./reason-dialog.tsx').then((m) => ({ default: m.ReasonDialog })));

/** The reason dialog, loaded (its form and rules) when a page first opens it. */
export function ReasonDialog(props: ComponentProps<typeof Loaded>) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
