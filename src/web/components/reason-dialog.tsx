import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { reactivationSchema, suspensionSchema } from '#core/admin/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';

/**
 * Asks why before a change that someone else will feel (a rejection, a suspension, a disputed
 * payment): the reason is recorded with it. A required reason has at least 3 characters; `schema`
 * gives a reason its own messages.
 */
export function ReasonDialog({
  title,
  description,
  children,
  reasonLabel = 'Reason',
  placeholder,
  required,
  schema = required ? suspensionSchema : reactivationSchema,
  confirmLabel,
  busyLabel,
  destructive = false,
  busy,
  onConfirm,
  onClose,
}: {
  title: string;
  description: string;
  children?: ReactNode;
  reasonLabel?: string;
  placeholder?: string;
  required: boolean;
  schema?: z.ZodType<{ reason?: string | undefined }, { reason?: string | undefined }>;
  confirmLabel: string;
  busyLabel: string;
  destructive?: boolean;
  busy: boolean;
  onConfirm: (reason: string | undefined) => void;
  onClose: () => void;
}) {
  const form = useForm<{ reason?: string | undefined }>({
    resolver: zodResolver(schema),
    defaultValues: { reason: '' },
  });
  const submit = form.handleSubmit((values) => onConfirm(values.reason || undefined));
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {children}
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Field
            label={required ? reasonLabel : `${reasonLabel} (optional)`}
            error={form.formState.errors.reason?.message}
          >
            {(ids) => (
              <Textarea
                {...ids}
                rows={3}
                placeholder={placeholder}
                aria-required={required}
                {...form.register('reason')}
              />
            )}
          </Field>
          <div className="grid gap-2 sm:grid-cols-2">
            <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={busy}>
              {busy ? busyLabel : confirmLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
