/**
 * Runs the `riposte` program (apps/cli/src/program.tsx) inside the test's process, with its own
 * environment, an optional stdin (piped text or a terminal's keystrokes) and captured stdout and
 * stderr (not terminals, so the plain-text and JSON paths), as `node --import tsx
 * apps/cli/src/main.tsx` would run it but without a Node and tsx start per call. The entry point itself is still run as a process by a few tests (entry-points, remote's
 * login, cli-audit's tail).
 */
import { PassThrough, Writable } from 'node:stream';
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

/**
 * Standard input for a run: text piped in (not a terminal, ended after the text), or keystrokes
 * typed at a terminal (`tty: true`: isTTY, raw mode recorded, never ended).
 */
export interface CliStdin {
  text: string;
  tty?: boolean;
}

export class FakeStdin extends PassThrough {
  readonly rawModes: boolean[] = [];
  constructor(readonly isTTY: boolean) {
    super();
  }
  setRawMode(mode: boolean): this {
    this.rawModes.push(mode);
    return this;
  }
}

export const stdinOf = (input: CliStdin): FakeStdin => {
  const stream = new FakeStdin(input.tty === true);
  if (input.tty === true) stream.write(input.text);
  else stream.end(input.text);
  return stream;
};

export const runRiposte = async (args: readonly string[], env: Record<string, string | undefined>, stdin?: CliStdin | FakeStdin): Promise<CliRun> => {
  const stdout = new Captured();
  const stderr = new Captured();
  const code = await runCli(['node', 'riposte', ...args], {
    env,
    ...(stdin === undefined ? {} : { stdin: stdin instanceof FakeStdin ? stdin : stdinOf(stdin) }),
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
  });
  return { code, stdout: stdout.text, stderr: stderr.text };
};
