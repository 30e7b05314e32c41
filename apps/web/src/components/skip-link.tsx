// The first stop of the Tab key on every page: jumps past the sidebar or header to the page itself.
// Focus moves by script, so the address keeps its hash (the reset link carries its token there).
import type { MouseEvent } from 'react';

function skipToMain(event: MouseEvent<HTMLAnchorElement>): void {
  const main = document.getElementById('main');
  if (main === null) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView({ block: 'start' });
}

export function SkipLink() {
  return (
    <a
      href="#main"
      onClick={skipToMain}
      className="sr-only z-[100] rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:outline-none focus:ring-[3px] focus:ring-ring/50"
    >
      Skip to main content
    </a>
  );
}
