/**
 * Where `riposte login` takes the personal access token from. A command line is seen by every
 * user of the machine (`ps`) and kept in shell history, so the token comes, in this order, from
 * standard input (`--token-stdin`, for scripts and password managers), the RIPOSTE_TOKEN
 * environment variable, or a prompt that does not echo when standard input is a terminal.
 * `--token <token>` still works, with a warning.
 */
import type { CliInput, CliIo } from '../io';
import { usage } from './errors';

export const TOKEN_ENV = 'RIPOSTE_TOKEN';

export type TokenSource = 'stdin' | 'env' | 'prompt' | 'argv';

export interface TokenOptions {
  token?: string;
  tokenStdin?: boolean;
}

const ARGV_WARNING = `Warning: a token given with --token is visible to other users of this machine (ps) and stays in your shell history; prefer --token-stdin, ${TOKEN_ENV}, or the prompt.\n`;

const NO_TOKEN = `No token given: pipe it with --token-stdin (e.g. 'pass show riposte | riposte login --url … --token-stdin'), set ${TOKEN_ENV}, or run 'riposte login --url …' in a terminal to be asked for it`;

const readAll = (input: CliInput): Promise<string> =>
  new Promise((resolve, reject) => {
    let text = '';
    input.setEncoding('utf8');
    input.on('data', (chunk: string | Buffer) => (text += chunk.toString()));
    input.once('end', () => resolve(text));
    input.once('error', reject);
  });

/** Reads one line from a terminal without echoing it; Ctrl-C or Ctrl-D ends it empty. */
const promptHidden = (io: CliIo, input: CliInput, question: string): Promise<string> =>
  new Promise((resolve, reject) => {
    io.stderr.write(question);
    let typed = '';
    input.setRawMode?.(true);
    input.setEncoding('utf8');
    const done = (value: string) => {
      input.removeListener('data', onData);
      input.removeListener('error', onError);
      input.setRawMode?.(false);
      input.pause();
      io.stderr.write('\n');
      resolve(value);
    };
    const onError = (error: unknown) => {
      input.setRawMode?.(false);
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    const onData = (chunk: string | Buffer) => {
      for (const ch of chunk.toString()) {
        if (ch === '\r' || ch === '\n') return done(typed);
        if (ch === '\u0003' || ch === '\u0004') return done('');
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else if (ch >= ' ') typed += ch;
      }
    };
    input.on('data', onData);
    input.once('error', onError);
    input.resume();
  });

export const readToken = async (io: CliIo, options: TokenOptions): Promise<{ token: string; source: TokenSource }> => {
  if (options.tokenStdin === true && options.token !== undefined) throw usage('Give the token one way: --token-stdin or --token, not both', 'token');
  const found = async (): Promise<{ token: string; source: TokenSource }> => {
    if (options.tokenStdin === true) {
      if (io.stdin === undefined) throw usage('--token-stdin: nothing to read on standard input', 'token');
      return { token: await readAll(io.stdin), source: 'stdin' };
    }
    if (options.token !== undefined) {
      io.stderr.write(ARGV_WARNING);
      return { token: options.token, source: 'argv' };
    }
    const fromEnv = io.env[TOKEN_ENV];
    if (fromEnv !== undefined && fromEnv.trim() !== '') return { token: fromEnv, source: 'env' };
    if (io.stdin?.isTTY === true) return { token: await promptHidden(io, io.stdin, 'Personal access token (Settings → API tokens, rpt_…): '), source: 'prompt' };
    throw usage(NO_TOKEN, 'token');
  };
  const { token, source } = await found();
  const trimmed = token.trim();
  if (trimmed === '') throw usage(source === 'stdin' ? '--token-stdin: standard input held no token' : NO_TOKEN, 'token');
  if (/\s/.test(trimmed)) throw usage('The token is one word (rpt_…); what was given has spaces or several lines', 'token');
  return { token: trimmed, source };
};
