/** What the routes are given by the composition root (start.ts). Plain data and functions. */
import type { Logger } from '@adapters/logging';
import type { PasswordHasher } from '@adapters/password';
import type { Projector } from '@adapters/projections-sqlite';
import type { SqliteSessionStore } from '@adapters/session-store-sqlite';
import type { AiWriter } from '@core/ai';
import type { ImageStore } from '@core/images';
import type { EventStore, Position } from '@core/eventstore/types';
import type { ServerConfig } from './config';
import type { LoginLimiter } from './http/rate-limit';
import type { AccountsService } from './accounts/service';
import type { SchedulesService } from './schedules/service';
import type { TemplatesService } from './templates/service';
import type { UsersService } from './users/service';
import type { XDeps } from './x';

export interface AppDeps {
  config: ServerConfig;
  logger: Logger;
  store: EventStore;
  projector: Projector;
  sessions: SqliteSessionStore;
  users: UsersService;
  templates: TemplatesService;
  /** Monitored accounts (routes/accounts.ts). */
  accounts: AccountsService;
  /** Schedules (routes/schedules.ts). */
  schedules: SchedulesService;
  /** Uploaded images (the V2 upload; served under /uploads/). */
  images: ImageStore;
  /** The AI writer: OpenAI-compatible when RIPOSTE_AI_* configure one, else offline. */
  ai: AiWriter;
  /** X: the app client (emulator in sandbox mode), connected accounts, sign in with X (apps/server/src/x). */
  x: XDeps;
  hasher: PasswordHasher;
  loginLimiter: LoginLimiter;
  clock: () => Date;
  /** The built web app (apps/web/dist). */
  webDist: string;
  version: string;
  /** False until the projector has caught up and the admin exists: /healthz answers 503. */
  isReady: () => boolean;
}

/**
 * Read-your-writes: wait until the local projections have passed a write. A projection that is
 * stuck must not turn a write that succeeded into an error, so a failure is logged, not thrown.
 */
export const settle = async (deps: Pick<AppDeps, 'projector' | 'logger'>, position: Position | null): Promise<void> => {
  if (position === null) return;
  try {
    await deps.projector.waitFor(position);
  } catch (error) {
    deps.logger.warn({ err: error, position }, 'projections did not reach a write in time; answering anyway');
  }
};
