/**
 * The image starts the server with node itself, in exec form: the container's init (tini with
 * compose's `init: true`, or Docker itself) signals that process, so SIGTERM reaches the server and
 * it drains (tests/api/process.int.test.ts runs this very command line). Through `npm` or `npx`
 * the signal reached a launcher that exited at once and left the server to be killed mid-request.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { imageCommand } from '../support/dockerfile';

const ROOT = join(import.meta.dirname, '..', '..');

describe('the Docker image command', () => {
  it('is node running the server, in exec form, with no launcher or shell in between', () => {
    const { cmd, entrypoint } = imageCommand(join(ROOT, 'Dockerfile'));
    expect(entrypoint).toBeNull();
    expect(cmd?.exec).toBe(true);
    const argv = cmd?.argv ?? [];
    expect(argv[0]).toBe('node');
    expect(argv.filter((a) => /^(npm|npx|sh|bash|\/bin\/sh|yarn|pnpm)$/.test(a))).toEqual([]);
    const script = argv.find((a) => /\.tsx?$|\.m?js$/.test(a));
    expect(script).toBe('apps/server/src/main.ts');
    expect(existsSync(join(ROOT, script ?? 'missing'))).toBe(true);
  });

  it('reads a shell-form command as the shell it is (the parser itself)', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'riposte-dockerfile-')), 'Dockerfile');
    writeFileSync(file, 'FROM a AS one\nCMD ["node", "old.js"]\nFROM b\nHEALTHCHECK --interval=5s \\\n  CMD ["node", "-e", "1"]\nCMD npm start\n');
    expect(imageCommand(file)).toEqual({ cmd: { argv: ['/bin/sh', '-c', 'npm start'], exec: false }, entrypoint: null });
  });
});
