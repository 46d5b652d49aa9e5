import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useAddProvider } from '../api/use-add-provider.ts';
import { AddProviderForm } from './add-provider-form.tsx';

/** Add Provider: a verified business whose owner sets a password by email. */
export function AddProviderButton() {
  const [open, setOpen] = useState(false);
  const add = useAddProvider();
  const close = () => !add.isPending && setOpen(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden />
        Add Provider
      </Button>
      <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
        <DialogContent className="md:max-w-2xl">
          <DialogTitle>Add Provider</DialogTitle>
          <DialogDescription>
            A business added here is approved and appears in search right away.
          </DialogDescription>
          {open ? (
            <AddProviderForm
              busy={add.isPending}
              onCancel={close}
              onSubmit={(values) =>
                add.mutateAsync(values).then(({ provider, user }) => {
                  setOpen(false);
                  toast({
                    title: 'Provider Added',
                    description: `${provider.businessName} is live. We emailed ${user.email} a link to set their password.`,
                    variant: 'success',
                  });
                })
              }
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
