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

/** The newest pop-up that waits for the toast on screen to close (`toast`'s `afterOpen`). */
let waiting: ToastOptions | null = null;

export function dismissToast(id?: string) {
  toasts = toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t));
  if (waiting && !toasts.some((t) => t.open)) {
    toasts = [{ ...waiting, id: nextId(), open: true }, ...toasts].slice(0, TOAST_LIMIT);
    waiting = null;
  }
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

function nextId() {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return String(counter);
}

/**
 * Shows a toast in place of the one on screen. A toast the app shows by itself never replaces the
 * answer to what the user just did: `ifIdle` (a position found as a page opens) is dropped while
 * another toast is open; `afterOpen` (a live notification's pop-up, also kept in the bell) shows
 * once that toast has closed, the newest one only. Answers the id ('' when dropped or waiting).
 */
export function toast(options: ToastOptions, { ifIdle = false, afterOpen = false } = {}): string {
  if ((ifIdle || afterOpen) && toasts.some((t) => t.open)) {
    if (afterOpen) waiting = options;
    return '';
  }
  const id = nextId();
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
