import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';
import { dismissToast, useToasts } from './use-toast.ts';
import { textOf } from '#web/lib/i18n.ts';
import { componentsText } from '../text.ts';

/** As specified: shown 5 s, swipe right past 50 px to dismiss, F8 focuses the notification region. */
export default function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider
      duration={5000}
      swipeDirection="right"
      swipeThreshold={50}
      label={textOf(componentsText)('notification')}
    >
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border-2 p-4 pr-10 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            'data-[state=open]:animate-in data-[state=closed]:opacity-0 transition-opacity',
            t.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : t.variant === 'success'
                ? 'border-success bg-card text-card-foreground'
                : 'border-border bg-card text-card-foreground',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="font-bold">{t.title}</ToastPrimitive.Title>
            {t.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {t.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          {t.action}
          <ToastPrimitive.Close
            className="absolute right-2 top-2 rounded-md p-1.5 opacity-80 hover:opacity-100"
            aria-label={textOf(componentsText)('close')}
          >
            <X className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        label={textOf(componentsText)('notifications', { hotkey: '{hotkey}' })}
        className="fixed inset-x-0 bottom-20 z-[100] mx-auto flex max-h-screen w-full max-w-md flex-col gap-2 p-4 outline-none md:bottom-4 md:right-4 md:left-auto md:mx-0"
      />
    </ToastPrimitive.Provider>
  );
}
