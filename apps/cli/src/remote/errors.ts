/**
 * The CLI's exit codes, one per kind of failure (docs/api.md, README):
 *   0 ok · 1 usage (bad options or arguments) · 2 refused (the server said no, or the input did not
 *   pass the checks the server makes; nothing was changed) · 3 unreachable (no answer from the server).
 */
export const EXIT = { ok: 0, usage: 1, refused: 2, unreachable: 3 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export interface LineError {
  line: number;
  field: string;
  message: string;
}

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    readonly details: { field?: string; status?: number; code?: string; lines?: LineError[] } = {},
  ) {
    super(message);
    this.name = 'CliError';
  }

  toJSON() {
    return { error: { message: this.message, exitCode: this.exitCode, ...this.details } };
  }
}

export const usage = (message: string, field?: string) => new CliError(message, EXIT.usage, field === undefined ? {} : { field });
