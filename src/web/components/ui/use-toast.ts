import { useSyncExternalStore, type ReactNode } from 'react';

/** As specified: one toast at a time; a dismissed toast is removed from memory after 1,000,000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastOptions {
  title: string;
  description?: ReactNode;
  variant?: 'default' | 'destructive' | 'success';
  action?: ReactNode;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
const listeners = new Set<() => void>();
const removals = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

const emit = () => listeners.forEach((listener) => listener());

export function dismissToast(id?: string) {
  toasts = toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t));
  for (const t of toasts) {
    if (!t.open && !removals.has(t.id)) {
      removals.set(
        t.id,
        setTimeout(() => {
          removals.delete(t.id);
          toasts = toasts.filter((x) => x.id !== t.id);
          emit();
        }, TOAST_REMOVE_DELAY),
      );
    }
  }
  emit();
}

/**
 * Shows a toast in place of the one on screen. `ifIdle`: a toast the app shows by itself (a
 * position found as a page opens) waits its turn for nobody: it is dropped while another is open,
 * so it never replaces the answer to what the user just did. Answers the id ('' when dropped).
 */
export function toast(options: ToastOptions, { ifIdle = false } = {}): string {
  if (ifIdle && toasts.some((t) => t.open)) return '';
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  toasts = [{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useToasts = () =>
  useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
