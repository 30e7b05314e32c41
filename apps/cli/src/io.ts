/**
 * What a command reads and writes: the environment, stdin, stdout and stderr. The process's own
 * for `riposte`; a test gives its own to run the program in-process.
 */

/** Standard input: read whole (`--token-stdin`), or keystroke by keystroke when it is a terminal (a prompt). */
export interface CliInput extends NodeJS.ReadableStream {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

export interface CliIo {
  env: Record<string, string | undefined>;
  /** Absent: nothing to read (as if stdin were closed). */
  stdin?: CliInput;
  /** Ink draws on these when they are terminals (isTTY); otherwise plain text and JSON go there. */
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
}

export const processIo = (): CliIo => ({ env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
