import { useCallback, useEffect, useState } from 'react';

/** As specified: shown 3 s after the browser offers installation; a dismissal lasts the browser session. */
export const INSTALL_PROMPT_DELAY_MS = 3000;
export const INSTALL_DISMISSED_KEY = 'truck-finder-install-dismissed';

/** The browser's install offer (Chromium's `beforeinstallprompt`, not yet in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const isStandalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches ||
  (navigator as { standalone?: boolean }).standalone === true;

const wasDismissed = () => {
  try {
    return sessionStorage.getItem(INSTALL_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

export function useInstallPrompt() {
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onOffer = (event: Event) => {
      event.preventDefault();
      if (isStandalone() || wasDismissed()) return;
      setOffer(event as BeforeInstallPromptEvent);
      clearTimeout(timer);
      timer = setTimeout(() => setVisible(true), INSTALL_PROMPT_DELAY_MS);
    };
    const onInstalled = () => {
      clearTimeout(timer);
      setVisible(false);
      setOffer(null);
    };
    window.addEventListener('beforeinstallprompt', onOffer);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('beforeinstallprompt', onOffer);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  const install = useCallback(async () => {
    if (!offer) return;
    // An offer can be used once, whatever the answer.
    setVisible(false);
    setOffer(null);
    await offer.prompt();
    await offer.userChoice.catch(() => undefined);
  }, [offer]);

  const dismiss = useCallback(() => {
    setVisible(false);
    try {
      sessionStorage.setItem(INSTALL_DISMISSED_KEY, '1');
    } catch {
      // Private mode without storage: hidden for this page only.
    }
  }, []);

  return { visible: visible && offer !== null, install, dismiss };
}
