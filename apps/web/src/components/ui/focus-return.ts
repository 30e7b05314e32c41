// Where focus goes when a Radix overlay (select list, menu, dialog, sheet) closes.
import { useRef } from 'react';

/**
 * The overlays' onCloseAutoFocus. Radix gives focus back to the trigger a task after the overlay
 * has gone (after its exit animation for dialogs). If the person has already moved on in the
 * meantime, a click or Tab into the next field on a slow device, pulling focus back would send
 * their next keystrokes to the trigger and lose them. So focus returns to the trigger only when
 * it is nowhere (the closed overlay held it, and the browser dropped it to the body).
 */
export function returnFocusUnlessMoved(event: Event): void {
  const active = document.activeElement;
  if (active !== null && active !== document.body) event.preventDefault();
}

/** `returnFocusUnlessMoved` after the caller's own handler (which may prevent it first). */
export function withFocusReturn(own: ((event: Event) => void) | undefined): (event: Event) => void {
  return (event) => {
    own?.(event);
    if (!event.defaultPrevented) returnFocusUnlessMoved(event);
  };
}

/**
 * Focus handlers for a dialog or sheet: the element that had focus when it opened (its trigger)
 * is remembered, and gets focus back when it closes, unless the person has moved on. Radix's own
 * return misses when the trigger re-rendered or focus was dropped to the body on the way.
 */
export function useOverlayFocus(ownOpen: ((event: Event) => void) | undefined, ownClose: ((event: Event) => void) | undefined) {
  const opener = useRef<Element | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = document.activeElement;
      ownOpen?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      ownClose?.(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      const active = document.activeElement;
      const target = opener.current;
      opener.current = null;
      if ((active === null || active === document.body) && target instanceof HTMLElement && target.isConnected) target.focus();
    },
  };
}
