import { render } from 'ink';
import type { ReactElement } from 'react';

/**
 * Two paths, as small CLIs do: Ink for a person at a terminal, plain JSON for scripts
 * (`--json`, or whenever stdout is not a TTY).
 */
export const show = async (json: boolean, data: unknown, view: () => ReactElement): Promise<void> => {
  if (json || !process.stdout.isTTY) {
    process.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
    return;
  }
  const app = render(view());
  app.unmount();
  await app.waitUntilExit();
};
