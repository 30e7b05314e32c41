/**
 * The CLI's profile: which server and which personal access token (`riposte login`). One JSON
 * file, readable by its owner only (0600, in a 0700 directory): the token acts as the user.
 * Where: $RIPOSTE_CLI_CONFIG (a directory), else $XDG_CONFIG_HOME/riposte, else ~/.config/riposte.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

export const loadProfile = (env: Record<string, string | undefined>): Profile => {
  let text: string;
  try {
    text = readFileSync(profilePath(env), 'utf8');
  } catch {
    throw new CliError("Not logged in: run 'riposte login --url <server> --token <token>' first", EXIT.usage, { field: 'profile' });
  }
  const parsed = profileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new CliError(`The profile at ${profilePath(env)} is damaged; run 'riposte login' again`, EXIT.usage, { field: 'profile' });
  return parsed.data;
};
