/**
 * What a command reads and writes: the environment, stdout and stderr. The process's own for
 * `riposte`; a test gives its own to run the program in-process.
 */
export interface CliIo {
  env: Record<string, string | undefined>;
  /** Ink draws on these when they are terminals (isTTY); otherwise plain text and JSON go there. */
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
}

export const processIo = (): CliIo => ({ env: process.env, stdout: process.stdout, stderr: process.stderr });
