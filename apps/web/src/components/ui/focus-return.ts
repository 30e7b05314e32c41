// Where focus goes when a Radix overlay (select list, menu, dialog, sheet) closes.
import { useRef } from 'react';

/**
 * Focus is nowhere the person put it: on the body, or on the frame of a dialog (Radix's focus trap
 * moves focus there when the focused element inside it goes, such as the options of a select list
 * that just closed inside the dialog). A field or button the person moved to is somewhere.
 */
function focusIsLost(active: Element | null): boolean {
  if (active === null || active === document.body) return true;
  const role = active.getAttribute('role');
  return (role === 'dialog' || role === 'alertdialog') && active.getAttribute('tabindex') === '-1';
}

/**
 * The overlays' onCloseAutoFocus. Radix gives focus back to the trigger a task after the overlay
 * has gone (after its exit animation for dialogs). If the person has already moved on in the
 * meantime, a click or Tab into the next field on a slow device, pulling focus back would send
 * their next keystrokes to the trigger and lose them. So focus returns to the trigger only when
 * it is nowhere (the closed overlay held it, and the browser dropped it to the body, or the dialog
 * around the list took it).
 */
export function returnFocusUnlessMoved(event: Event): void {
  if (!focusIsLost(document.activeElement)) event.preventDefault();
}

/** `returnFocusUnlessMoved` after the caller's own handler (which may prevent it first). */
export function withFocusReturn(own: ((event: Event) => void) | undefined): (event: Event) => void {
  return (event) => {
    own?.(event);
    if (!event.defaultPrevented) returnFocusUnlessMoved(event);
  };
}

/**
 * The element that last had focus. A dialog opened after a step that disabled its trigger (Connect
 * X Account is disabled while X's window opens, and a disabled button drops focus to the body) finds
 * focus on the body when it opens; its trigger is this one.
 */
let lastFocused: Element | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    if (event.target instanceof Element) lastFocused = event.target;
  });
}

function openerOf(active: Element | null): Element | null {
  return active === null || active === document.body ? lastFocused : active;
}

/**
 * Focus handlers for a dialog or sheet: the element that had focus when it opened (its trigger)
 * (or, when focus had dropped to the body, the element that had it last) is remembered, and gets
 * focus back when it closes, unless the person has moved on. Radix's own
 * return misses when the trigger re-rendered or focus was dropped to the body on the way.
 */
export function useOverlayFocus(ownOpen: ((event: Event) => void) | undefined, ownClose: ((event: Event) => void) | undefined) {
  const opener = useRef<Element | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = openerOf(document.activeElement);
      ownOpen?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      ownClose?.(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      const target = opener.current;
      opener.current = null;
      if (focusIsLost(document.activeElement) && target instanceof HTMLElement && target.isConnected) target.focus();
    },
  };
}
