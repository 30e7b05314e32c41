// The toast queue: a valtio store with module-level actions, so any code (swr callbacks, actions,
// event handlers) can raise a toast without a React context. Rules of spec part 1 §9: at most one
// toast at a time; a dismissed toast is dropped from the store after 1,000,000 ms (its DOM goes
// away as soon as it closes, the long delay only keeps its record for screen readers' sake).
import type { ReactNode } from 'react';
import { proxy, useSnapshot } from 'valtio';
import type { ToastVariant } from '@web/components/ui/toast';

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;

export type ToastInput = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  action?: ReactNode;
  duration?: number;
};

export type ToastRecord = ToastInput & { id: string; open: boolean };

const store = proxy<{ toasts: ToastRecord[] }>({ toasts: [] });
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      store.toasts = store.toasts.filter((t) => t.id !== id);
    }, TOAST_REMOVE_DELAY),
  );
}

/** Close one toast (or all of them when no id is given). */
export function dismissToast(id?: string): void {
  for (const t of store.toasts) {
    if (id === undefined || t.id === id) {
      t.open = false;
      scheduleRemoval(t.id);
    }
  }
}

/** Show a toast; the newest replaces the one on screen (limit 1). */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  store.toasts = [{ ...input, id, open: true }, ...store.toasts].slice(0, TOAST_LIMIT);
  return { id, dismiss: () => dismissToast(id) };
}

export function useToasts(): readonly ToastRecord[] {
  return useSnapshot(store).toasts as readonly ToastRecord[];
}
