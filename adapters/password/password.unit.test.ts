import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from './index';

describe('argon2id password hasher', () => {
  const hasher = createPasswordHasher('test');

  it('hashes with argon2id and a per-hash salt', async () => {
    const a = await hasher.hash('correct horse');
    const b = await hasher.hash('correct horse');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(a).not.toBe(b);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const h = await hasher.hash('correct horse');
    expect(await hasher.verify(h, 'correct horse')).toBe(true);
    expect(await hasher.verify(h, 'correct hors')).toBe(false);
  });

  it('answers false for a malformed hash instead of throwing', async () => {
    expect(await hasher.verify('not-a-hash', 'x')).toBe(false);
  });

  it('verifies hashes made with the other profile (a hash carries its parameters)', async () => {
    const strong = createPasswordHasher('default');
    const h = await strong.hash('pw123456');
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(h, 'pw123456')).toBe(true);
  });

  it('verifyNobody spends a verification and answers false', async () => {
    expect(await hasher.verifyNobody('anything')).toBe(false);
  });
});
