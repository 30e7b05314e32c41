/**
 * Keeps the sandbox's own world across restarts of `npm start`: the sandbox users, their access
 * tokens (Riposte holds them for connected accounts, so they must keep working), the posts made
 * through the API, the intent page or control, and deletions. Simulated accounts' posts are not
 * saved: they are regenerated, the same for the same seed. The file holds sandbox tokens in clear:
 * they open nothing but this emulator.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { AccessToken, EmuPost, EmuUser, World } from './world';

interface Saved {
  version: 1;
  users: EmuUser[];
  accessTokens: AccessToken[];
  posts: EmuPost[];
  /** Simulated posts deleted through control. */
  deleted: string[];
}

export const loadWorld = (world: World, file: string): void => {
  if (!existsSync(file)) return;
  const saved = JSON.parse(readFileSync(file, 'utf8')) as Saved;
  if (saved.version !== 1) return;
  for (const user of saved.users) world.addUser(user);
  for (const token of saved.accessTokens) world.accessTokens.set(token.token, token);
  for (const post of saved.posts) world.posts.set(post.id, post);
  for (const id of saved.deleted) {
    const post = world.visiblePost(id);
    if (post) post.deleted = true;
  }
};

export const saveWorld = (world: World, file: string): void => {
  const users = [...world.users.values()].filter((u) => !u.simulated);
  const saved: Saved = {
    version: 1,
    users,
    accessTokens: [...world.accessTokens.values()],
    posts: [...world.posts.values()].filter((p) => !world.isGenerated(p.id)),
    deleted: [...world.posts.values()].filter((p) => p.deleted && world.isGenerated(p.id)).map((p) => p.id),
  };
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, JSON.stringify(saved), { mode: 0o600 });
  renameSync(tmp, file);
};
