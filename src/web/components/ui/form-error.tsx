import { AlertTriangle } from 'lucide-react';
import { useMessage } from '#web/lib/i18n.ts';

/** A form-level message, e.g. the server's answer when a submission failed. */
export function FormError({ message }: { message: string | undefined }) {
  const text = useMessage();
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border-2 border-destructive bg-destructive/10 p-3 text-sm font-medium text-destructive"
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{text(message)}</span>
    </div>
  );
}
