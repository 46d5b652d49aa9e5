import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';

/** Asks before a billing change: what happens, then go ahead or keep things as they are. */
export function ConfirmActionDialog({
  title,
  description,
  children,
  confirmLabel,
  busyLabel,
  keepLabel,
  busy,
  destructive = false,
  onConfirm,
  onClose,
}: {
  title: string;
  description: string;
  children?: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  keepLabel: string;
  busy: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {children}
        <div className="grid gap-2 sm:grid-cols-2">
          <Button variant="outline" disabled={busy} onClick={onClose}>
            {keepLabel}
          </Button>
          <Button
            variant={destructive ? 'destructive' : 'default'}
            disabled={busy}
            onClick={onConfirm}
          >
            {busy ? busyLabel : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
