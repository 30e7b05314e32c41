import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUse, lockDataDir } from './index';

describe('one server per data directory', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('refuses a second holder until the first lets go', () => {
    const dir = mkdtempSync(join(tmpdir(), 'riposte-lock-'));
    dirs.push(dir);
    const first = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUse);
    expect(() => lockDataDir(dir)).toThrow(/Each server needs its own RIPOSTE_DATA_DIR/);
    first.release();
    const again = lockDataDir(dir);
    again.release();
  });
});
