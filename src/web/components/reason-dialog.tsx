import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { useText } from '#web/lib/i18n.ts';
import { lazyResolver } from '#web/lib/lazy-resolver.ts';
import { componentsText } from '#web/components/text.ts';

type ReasonSchema = z.ZodType<{ reason?: string | undefined }, { reason?: string | undefined }>;

const adminSchemas = () => import('#core/admin/schemas.ts');
const requiredReason = () => adminSchemas().then((m) => m.suspensionSchema);
const optionalReason = () => adminSchemas().then((m) => m.reactivationSchema);

/**
 * Asks why before a change that someone else will feel (a rejection, a suspension, a disputed
 * payment): the reason is recorded with it. A required reason has at least 3 characters;
 * `loadSchema` gives a reason its own messages (loaded on the first check, as lazyResolver does).
 */
export function ReasonDialog({
  title,
  description,
  children,
  reasonLabel,
  placeholder,
  required,
  loadSchema = required ? requiredReason : optionalReason,
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
  loadSchema?: () => Promise<ReasonSchema>;
  confirmLabel: string;
  busyLabel: string;
  destructive?: boolean;
  busy: boolean;
  onConfirm: (reason: string | undefined) => void;
  onClose: () => void;
}) {
  const t = useText(componentsText);
  const reason = reasonLabel ?? t('reason');
  const [resolver] = useState(() => lazyResolver(loadSchema));
  const form = useForm<{ reason?: string | undefined }>({
    resolver,
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
            label={required ? reason : t('reasonOptional', { reason })}
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
              {t('cancel')}
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
