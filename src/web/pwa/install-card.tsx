import { Download, X } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { useText } from '../lib/i18n.ts';
import { pwaText } from './text.ts';
import { useInstallPrompt } from './use-install-prompt.ts';

export function InstallCard() {
  const t = useText(pwaText);
  const { visible, install, dismiss } = useInstallPrompt();
  if (!visible) return null;
  return (
    <section
      aria-labelledby="install-title"
      className="fixed inset-x-3 bottom-20 z-50 mx-auto max-w-md rounded-xl border-2 border-primary bg-card p-4 shadow-2xl md:bottom-4"
    >
      <div className="flex items-start gap-3">
        <img src="/icons/icon-192.png" alt="" className="size-12 rounded-xl" />
        <div className="grid flex-1 gap-1">
          <h2 id="install-title" className="font-bold">
            {t('installTitle')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('installHint')}</p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="-mr-2 -mt-2"
          onClick={dismiss}
          aria-label={t('close')}
        >
          <X aria-hidden />
        </Button>
      </div>
      <Button className="mt-3 w-full" onClick={() => void install()}>
        <Download aria-hidden /> {t('install')}
      </Button>
    </section>
  );
}
