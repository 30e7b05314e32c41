/** What the routes are given by the composition root (start.ts). Plain data and functions. */
import type { Logger } from '@adapters/logging';
import type { PasswordHasher } from '@adapters/password';
import type { Projector } from '@adapters/projections-sqlite';
import type { SqliteSessionStore } from '@adapters/session-store-sqlite';
import type { AiWriter } from '@core/ai';
import type { ImageStore } from '@core/images';
import type { EventStore, Position } from '@core/eventstore/types';
import type { ServerConfig } from './config';
import type { Idempotency } from './http/idempotency';
import type { LoginLimiter } from './http/rate-limit';
import type { AccountsService } from './accounts/service';
import type { SchedulesService } from './schedules/service';
import type { TemplatesService } from './templates/service';
import type { RegistrationLimiter } from './users/registration-limit';
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
  /** argon2id behind a cap on work in flight (users/hash-gate.ts). */
  hasher: PasswordHasher;
  loginLimiter: LoginLimiter;
  /** Idempotency-Key on creating calls: `idempotency.guard('POST /api/...')` before the handler. */
  idempotency: Idempotency;
  /** How long a write waits for the read model before answering 202 (pending) instead of the row. */
  readModelWaitMs: number;
  registrationLimiter: RegistrationLimiter;
  clock: () => Date;
  /** The built web app (apps/web/dist). */
  webDist: string;
  version: string;
  /** False until the projector has caught up and the admin exists: /healthz answers 503. */
  isReady: () => boolean;
}

/**
 * Read-your-writes: wait until the local projections have passed a write. True when they have;
 * false when they did not within the wait (stalled or slow). A write that was stored is never
 * turned into an error here: the caller answers 202 with the id instead of the fresh row
 * (`answerPending`), because an error invites a retry that would store it twice.
 */
export const settle = async (
  deps: Pick<AppDeps, 'projector' | 'logger'> & Partial<Pick<AppDeps, 'readModelWaitMs'>>,
  position: Position | null,
): Promise<boolean> => {
  if (position === null) return true;
  try {
    await deps.projector.waitFor(position, deps.readModelWaitMs);
    return true;
  } catch (error) {
    deps.logger.warn({ err: error, position }, 'projections did not reach a write in time; answering anyway');
    return false;
  }
};

export const PENDING_MESSAGE = 'Saved; it will appear in the list in a moment';

/**
 * The answer to a write that was stored but cannot be read back yet: 202 with the id, and the
 * Location to read it from once the read model has caught up.
 */
export const answerPending = (
  ctx: { status: number; body: unknown; set(name: string, value: string): void },
  written: { id: string; location: string | null },
  extra: Record<string, unknown> = {},
): void => {
  ctx.status = 202;
  if (written.location !== null) ctx.set('Location', written.location);
  ctx.body = { success: true, id: written.id, pending: true, message: PENDING_MESSAGE, ...extra };
};
