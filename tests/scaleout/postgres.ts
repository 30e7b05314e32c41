/**
 * A throwaway PostgreSQL for the tests and the bench: initdb into a temporary folder, started with
 * pg_ctl on a free loopback port, removed when stopped. PostgreSQL refuses to run as root, so as
 * root the cluster belongs to the `postgres` user (runuser). `postgresBinaries()` answers why the
 * tests must be skipped when the binaries are missing, so the skip says so plainly.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN_DIRS = [process.env.RIPOSTE_PG_BIN, '/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'].filter(
  (d): d is string => d !== undefined && d !== '',
);

/** The folder holding initdb and pg_ctl, or the reason there is none. */
export const postgresBinaries = (): { bin: string } | { missing: string } => {
  const bin = BIN_DIRS.find((d) => existsSync(join(d, 'initdb')) && existsSync(join(d, 'pg_ctl')));
  return bin === undefined ? { missing: `PostgreSQL binaries not found (looked in ${BIN_DIRS.join(', ')}; set RIPOSTE_PG_BIN)` } : { bin };
};

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export interface ThrowawayPostgres {
  /** postgres://riposte@127.0.0.1:<port>/riposte */
  url: string;
  stop(): void;
}

const uidOf = (user: string): { uid: number; gid: number } | null => {
  try {
    const [uid, gid] = execFileSync('id', ['-u', user]).toString().trim().concat(' ', execFileSync('id', ['-g', user]).toString().trim()).split(' ');
    return { uid: Number(uid), gid: Number(gid) };
  } catch {
    return null;
  }
};

export const startPostgres = async (): Promise<ThrowawayPostgres> => {
  const found = postgresBinaries();
  if ('missing' in found) throw new Error(found.missing);
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? uidOf('postgres') : null;
  if (asRoot && owner === null) throw new Error('running as root and there is no postgres user to own the throwaway cluster');
  const dir = mkdtempSync(join(tmpdir(), 'riposte-pg-'));
  const data = join(dir, 'data');
  if (owner !== null) {
    chownSync(dir, owner.uid, owner.gid);
    chmodSync(dir, 0o700);
  }
  const run = (tool: string, args: string[]) => {
    const cmd = join(found.bin, tool);
    execFileSync(asRoot ? 'runuser' : cmd, asRoot ? ['-u', 'postgres', '--', cmd, ...args] : args, { stdio: ['ignore', 'ignore', 'pipe'] });
  };
  run('initdb', ['-D', data, '-U', 'riposte', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  // fsync off: the cluster lives as long as the test; nothing in it must survive a power cut.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'riposte', 'riposte']);
  return {
    url: `postgres://riposte@127.0.0.1:${port}/riposte`,
    stop: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
};
