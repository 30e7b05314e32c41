/**
 * The CLI's profile: which server and which personal access token (`riposte login`). One JSON
 * file, readable by its owner only (0600, in a 0700 directory): the token acts as the user.
 * Where: $RIPOSTE_CLI_CONFIG (a directory), else $XDG_CONFIG_HOME/riposte, else ~/.config/riposte.
 * A profile others can read is refused until its mode is 0600 again.
 */
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { CliError, EXIT } from './errors';

const profileSchema = z.object({ url: z.url(), token: z.string().min(1) });
export type Profile = z.infer<typeof profileSchema>;

export const configDir = (env: Record<string, string | undefined>): string =>
  env.RIPOSTE_CLI_CONFIG ?? join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'riposte');

export const profilePath = (env: Record<string, string | undefined>): string => join(configDir(env), 'profile.json');

export const saveProfile = (env: Record<string, string | undefined>, profile: Profile): string => {
  const dir = configDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = profilePath(env);
  writeFileSync(path, `${JSON.stringify(profile, null, 2)}\n`, { mode: 0o600 });
  // writeFileSync keeps the mode of a file that already existed: make sure.
  chmodSync(path, 0o600);
  return path;
};

/**
 * Refuses a profile others may read, as ssh refuses such a key: the token in it acts as the user.
 * (Windows has no such mode bits.)
 */
const ownerOnly = (path: string): void => {
  if (process.platform === 'win32') return;
  const mode = statSync(path).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new CliError(
      `The profile at ${path} can be read by other users (mode ${mode.toString(8).padStart(4, '0')}), and its token acts as you: run 'chmod 600 ${path}', and make a new token in Settings → API tokens if others may have read it`,
      EXIT.usage,
      { field: 'profile' },
    );
  }
};

export const loadProfile = (env: Record<string, string | undefined>): Profile => {
  const path = profilePath(env);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new CliError("Not logged in: run 'riposte login --url <server>' first (it asks for the token, or takes it with --token-stdin or RIPOSTE_TOKEN)", EXIT.usage, { field: 'profile' });
  }
  ownerOnly(path);
  const parsed = profileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new CliError(`The profile at ${profilePath(env)} is damaged; run 'riposte login' again`, EXIT.usage, { field: 'profile' });
  return parsed.data;
};
