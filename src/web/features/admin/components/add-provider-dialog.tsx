import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { textOf, useText } from '#web/lib/i18n.ts';
import { useAddProvider } from '../api/use-add-provider.ts';
import { adminText } from '../text.ts';
import { AddProviderForm } from './add-provider-form.tsx';

/** Add Provider: a verified business whose owner sets a password by email. */
export function AddProviderDialog({ onClose }: { onClose: () => void }) {
  const t = useText(adminText);
  const add = useAddProvider();
  const close = () => !add.isPending && onClose();
  return (
    <Dialog open onOpenChange={(next) => !next && close()}>
      <DialogContent className="md:max-w-2xl">
        <DialogTitle>{t('addProvider')}</DialogTitle>
        <DialogDescription>{t('addProviderIntro')}</DialogDescription>
        <AddProviderForm
          busy={add.isPending}
          onCancel={close}
          onSubmit={(values) =>
            add.mutateAsync(values).then(({ provider, user }) => {
              onClose();
              toast({
                title: textOf(adminText)('providerAdded'),
                description: textOf(adminText)('providerAddedHint', {
                  name: provider.businessName,
                  email: user.email,
                }),
                variant: 'success',
              });
            })
          }
        />
      </DialogContent>
    </Dialog>
  );
}
