import { render } from 'ink';
import type { ReactElement } from 'react';
import type { CliIo } from './io';

/**
 * Two paths, as small CLIs do: Ink for a person at a terminal, plain JSON for scripts
 * (`--json`, or whenever stdout is not a TTY).
 */
export const show = async (io: CliIo, json: boolean, data: unknown, view: () => ReactElement): Promise<void> => {
  if (json || !io.stdout.isTTY) {
    io.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
    return;
  }
  const app = render(view(), { stdout: io.stdout, stderr: io.stderr });
  app.unmount();
  await app.waitUntilExit();
};
