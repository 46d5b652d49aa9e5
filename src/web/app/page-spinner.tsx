import { Loader2 } from 'lucide-react';

export function PageSpinner() {
  return (
    <div className="flex justify-center py-16" role="status">
      <Loader2 className="size-8 animate-spin text-primary" aria-hidden />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
