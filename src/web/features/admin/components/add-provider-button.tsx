import { Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { useText } from '#web/lib/i18n.ts';
import { adminText } from '../text.ts';

// The dialog and its form load when the admin opens it.
const AddProviderDialog = lazy(() =>
  import('./add-provider-dialog.tsx').then((m) => ({ default: m.AddProviderDialog })),
);

export function AddProviderButton() {
  const t = useText(adminText);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden />
        {t('addProvider')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <AddProviderDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
