// Saving a thing that changed since it was read (another tab, another device, the scheduler): the
// server refuses it 412 with the thing as it now is (lib/api.ts StaleRevisionError), and this asks
// the user what to do — Reload (take the current state, losing what they typed) or Overwrite (save
// what they typed on top of the current revision). One hook for every form that edits a thing.
import { Fragment, useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { apiGet, revisionOf, StaleRevisionError } from '@web/lib/api';

export const CHANGED_ELSEWHERE_TITLE = 'Changed elsewhere';

/**
 * The thing an edit form starts from, read by itself when the form opens: a list's items carry no
 * revision, a single read answers its ETag, so the save is checked against what the form shows.
 * `replace` puts another state in (the current one, on Reload).
 */
export function useEditBase<T extends object>(url: string | null) {
  const [base, setBase] = useState<T | null>(null);
  const [error, setError] = useState<Error | null>(null);
  useEffect(() => {
    if (url === null) return;
    let live = true;
    apiGet<T>(url).then(
      (read) => live && setBase(read),
      (err: unknown) => live && setError(err instanceof Error ? err : new Error(String(err))),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return { base, error, replace: setBase };
}

/**
 * An edit dialog over its base: `url` null (creating) renders `children(null)` at once; otherwise a
 * loading dialog titled `title` until the thing is read, then `children(base, reload)`, mounted
 * afresh for each state the base takes (Reload starts the form again from the current one).
 */
export function WithEditBase<T extends object>({ url, title, onOpenChange, children }: { url: string | null; title: string; onOpenChange: (open: boolean) => void; children: (base: T | null, reload: (current: T) => void) => ReactNode }) {
  const edit = useEditBase<T>(url);
  if (url === null) return <>{children(null, () => undefined)}</>;
  if (edit.base === null) {
    // Nothing while the read is on its way (it is one small GET): a dialog of its own here would take
    // the focus from the button that opened the edit, and the form's dialog that replaces it would
    // then hand the focus back to the page's body, not to that button, when it closes.
    if (edit.error === null) return null;
    return (
      <Dialog open onOpenChange={onOpenChange}>
        <DialogContent data-testid="edit-loading">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{`Could not load it: ${edit.error.message}`}</DialogDescription>
          </DialogHeader>
        </DialogContent>
      </Dialog>
    );
  }
  return <Fragment key={revisionOf(edit.base) ?? 'read'}>{children(edit.base, edit.replace)}</Fragment>;
}

type Held = { message: string; overwrite: () => Promise<void>; reload: () => void };

/**
 * `save(basedOn, attempt, then)` runs `attempt(basedOn)`; a stale answer opens the dialog instead of
 * failing: Overwrite runs `attempt(current)` (If-Match of the current revision), Reload hands the
 * current state to `then.reload`. Other failures are thrown as they were (the action's toast said why).
 */
export function useChangedElsewhere() {
  const [held, setHeld] = useState<Held | null>(null);
  const [pending, setPending] = useState(false);

  const save = useCallback(async <T, R>(basedOn: T, attempt: (basedOn: T) => Promise<R>, then: { saved: (result: R) => void; reload: (current: T) => void }): Promise<void> => {
    try {
      then.saved(await attempt(basedOn));
    } catch (err) {
      if (!(err instanceof StaleRevisionError)) throw err;
      const current = err.current as T;
      setHeld({
        message: err.message,
        // Overwriting may meet yet another change: then the dialog asks again.
        overwrite: () => save(current, attempt, then),
        reload: () => then.reload(current),
      });
    }
  }, []);

  const overwrite = async (h: Held) => {
    setPending(true);
    setHeld(null);
    try {
      await h.overwrite();
    } catch {
      // The action's toast said why.
    } finally {
      setPending(false);
    }
  };

  const dialog = (
    <AlertDialog open={held !== null} onOpenChange={(open) => !open && !pending && setHeld(null)}>
      <AlertDialogContent data-testid="changed-elsewhere">
        <AlertDialogHeader>
          <AlertDialogTitle>{CHANGED_ELSEWHERE_TITLE}</AlertDialogTitle>
          <AlertDialogDescription>{held?.message}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <Button
            variant="outline"
            disabled={pending}
            onClick={() => {
              held?.reload();
              setHeld(null);
            }}
          >
            Reload
          </Button>
          <Button variant="destructive" disabled={pending} onClick={() => held && void overwrite(held)}>
            {pending && <Spinner />}
            Overwrite
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );

  return { save, dialog, saving: pending };
}
