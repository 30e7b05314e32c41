/**
 * The command the image runs, read from the Dockerfile: the last stage's CMD and ENTRYPOINT
 * instructions (continued lines joined; HEALTHCHECK's own CMD is part of its instruction and not
 * one of them). `exec`: written in exec form (a JSON array), so no shell stands between the
 * container's init and the process and SIGTERM reaches it.
 */
import { readFileSync } from 'node:fs';

export interface ImageCommand {
  argv: string[];
  exec: boolean;
}

const instructionsOf = (text: string): string[] =>
  text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));

const commandOf = (instruction: string): ImageCommand => {
  const rest = instruction.replace(/^\w+\s+/, '').trim();
  if (rest.startsWith('[')) return { argv: JSON.parse(rest) as string[], exec: true };
  return { argv: ['/bin/sh', '-c', rest], exec: false };
};

/** The image's CMD and ENTRYPOINT (null when absent), as Docker runs them. */
export const imageCommand = (dockerfile: string): { cmd: ImageCommand | null; entrypoint: ImageCommand | null } => {
  const lines = instructionsOf(readFileSync(dockerfile, 'utf8'));
  const lastStage = lines.map((l, i) => (/^FROM\s/i.test(l) ? i : -1)).filter((i) => i >= 0).pop() ?? 0;
  const stage = lines.slice(lastStage);
  const last = (name: string) => stage.filter((l) => new RegExp(`^${name}\\s`, 'i').test(l)).pop();
  const cmd = last('CMD');
  const entrypoint = last('ENTRYPOINT');
  return { cmd: cmd === undefined ? null : commandOf(cmd), entrypoint: entrypoint === undefined ? null : commandOf(entrypoint) };
};
