// Radix's select lists and menus are modal: while one is open, focus stays in it and the rest of
// the page is hidden from assistive technology (aria-hidden on #root). Hidden, yet still focusable,
// is what axe calls aria-hidden-focus; making the rest inert says the same thing to everyone.
import { useEffect, useRef } from 'react';

/**
 * Rendered inside an open list or menu: every other top-level element of the page (the app, an
 * open dialog under a select list) is inert until the list goes. Attributes set here are removed
 * when it unmounts, before Radix gives focus back to the trigger (a task later).
 */
export function InertOutside() {
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const host = marker.current?.closest('body > *');
    if (!host) return undefined;
    const made = Array.from(document.body.children).filter((el) => el !== host && !el.hasAttribute('inert') && el.tagName !== 'SCRIPT');
    for (const el of made) el.setAttribute('inert', '');
    return () => {
      for (const el of made) el.removeAttribute('inert');
    };
  }, []);
  return <span ref={marker} hidden />;
}
