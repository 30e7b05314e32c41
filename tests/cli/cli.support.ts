/**
 * Runs the `riposte` program (apps/cli/src/program.tsx) inside the test's process, with its own
 * environment and captured stdout and stderr (not terminals, so the plain-text and JSON paths),
 * as `node --import tsx apps/cli/src/main.tsx` would run it but without a Node and tsx start per
 * call. The entry point itself is still run as a process by a few tests (entry-points, remote's
 * login, cli-audit's tail).
 */
import { Writable } from 'node:stream';
import { runCli } from '@apps/cli/src/program';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

class Captured extends Writable {
  text = '';
  readonly isTTY = false;
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.text += chunk.toString();
    done();
  }
}

export const runRiposte = async (args: readonly string[], env: Record<string, string | undefined>): Promise<CliRun> => {
  const stdout = new Captured();
  const stderr = new Captured();
  const code = await runCli(['node', 'riposte', ...args], {
    env,
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
  });
  return { code, stdout: stdout.text, stderr: stderr.text };
};
