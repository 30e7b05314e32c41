import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KURRENTDB_IMAGE } from './kurrentdb-image';

const compose = readFileSync(fileURLToPath(new URL('../../docker-compose.yml', import.meta.url)), 'utf8');

describe('the KurrentDB version', () => {
  it('is pinned to a 25.x release, not latest (26.x changed the user id the image runs as)', () => {
    expect(KURRENTDB_IMAGE).toMatch(/:25\.\d+(\.\d+)?$/);
  });

  it('docker-compose.yml runs the version the tests run', () => {
    const image = /^\s*image:\s*\$\{KURRENTDB_IMAGE:-([^}]+)\}\s*$/m.exec(compose)?.[1];
    expect(image).toBe(KURRENTDB_IMAGE);
    expect(compose).not.toMatch(/kurrentdb:latest/);
  });
});
