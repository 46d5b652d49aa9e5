import { useState, type FormEvent } from 'react';
import { featureGateMessage } from '#core/billing/plan-features.ts';
import type { AdminProvider } from '#core/admin/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useAccountManagerOf, useAdmins, useSetAccountManager } from '../api/use-support-queue.ts';
import { T, textOf, useMessage, useText } from '#web/lib/i18n.ts';
import { adminSupportText } from '../support-text.ts';

/**
 * Names an Enterprise business's account manager among the active admins, or none (docs/admin.md,
 * "Support"). Requests the business sends afterwards go to that admin first.
 */
export default function AccountManagerDialog({
  provider,
  onClose,
}: {
  provider: Pick<AdminProvider, 'id' | 'businessName'>;
  onClose: () => void;
}) {
  const t = useText(adminSupportText);
  const message = useMessage();
  const current = useAccountManagerOf(provider.id);
  const admins = useAdmins();
  const save = useSetAccountManager(provider.id);
  const [choice, setChoice] = useState<string | undefined>(undefined);
  const [formError, setFormError] = useState<string>();
  const selected = choice ?? current.data?.manager?.id ?? '';
  const enterprise = current.data?.plan === 'enterprise';

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    save.mutate(selected || null, {
      onSuccess: () => {
        const name = admins.data?.find((a) => a.id === selected)?.name;
        const text = textOf(adminSupportText);
        toast({
          title: text('managerSaved'),
          description: name
            ? text('managesBusiness', { name, business: provider.businessName })
            : text('noManagerFor', { business: provider.businessName }),
          variant: 'success',
        });
        onClose();
      },
      onError: (error) => setFormError(error.message),
    });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent>
        <DialogTitle>
          <T
            text={adminSupportText}
            id="managerOf"
            values={{ business: provider.businessName }}
            components={{ 0: <span translate="no" /> }}
          />
        </DialogTitle>
        <DialogDescription>{t('managerIntro')}</DialogDescription>
        {current.isPending || admins.isPending ? (
          <p className="text-sm text-muted-foreground">{t('loading')}</p>
        ) : current.isError || admins.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('adminsFailed')}
          </p>
        ) : !enterprise && !current.data.manager ? (
          <p className="text-sm">{message(featureGateMessage('accountManager'))}</p>
        ) : (
          <form noValidate onSubmit={submit} className="grid gap-3">
            <Field label={t('accountManager')}>
              {(props) => (
                <NativeSelect
                  {...props}
                  value={selected}
                  onChange={(e) => setChoice(e.target.value)}
                >
                  <option value="">{t('noAccountManager')}</option>
                  {admins.data.map((admin) => (
                    <option key={admin.id} value={admin.id} translate="no">
                      {admin.name} ({admin.email})
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <FormError message={formError} />
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
                {t('cancel')}
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? t('saving') : t('save')}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
