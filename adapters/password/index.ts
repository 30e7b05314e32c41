/**
 * Password hashing with argon2id (@node-rs/argon2: native, runs off the main thread).
 *
 * Parameters follow OWASP's password storage cheat sheet (argon2id, m=19 MiB, t=2, p=1). The
 * 'test' profile lowers them so the integration suite stays fast; the server honours it only when
 * NODE_ENV=test (apps/server/src/config.ts). A hash records its own parameters, so hashes made with
 * either profile verify under both.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

export type HashProfile = 'default' | 'test';

const PARAMS: Record<HashProfile, { memoryCost: number; timeCost: number; parallelism: number }> = {
  default: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  test: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
};

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a malformed hash (never throws on bad input). */
  verify(passwordHash: string, password: string): Promise<boolean>;
  /**
   * Spends the time of a real verification and answers false: called when the username does not
   * exist, so response time does not tell which usernames exist.
   */
  verifyNobody(password: string): Promise<false>;
}

export const createPasswordHasher = (profile: HashProfile = 'default'): PasswordHasher => {
  // Algorithm.Argon2id; the enum is a const enum, which isolated modules cannot read.
  const options = { algorithm: 2 as Algorithm, ...PARAMS[profile] };
  // Made lazily, once, with the current parameters, so a dummy check costs what a real one does.
  let dummy: Promise<string> | null = null;
  const dummyHash = () => (dummy ??= hash(randomBytes(24).toString('base64url'), options));

  const check = async (passwordHash: string, password: string): Promise<boolean> => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  };

  return {
    hash: (password) => hash(password, options),
    verify: check,
    verifyNobody: async (password) => {
      await check(await dummyHash(), password);
      return false;
    },
  };
};
