/** What the routes are given by the composition root (start.ts). Plain data and functions. */
import type { Logger } from '@adapters/logging';
import type { PushSender } from '@adapters/push';
import type { PasswordHasher } from '@adapters/password';
import type { Projector } from '@adapters/projections-sqlite';
import type { SessionStore } from '@adapters/session-store-sqlite';
import type { Dispatcher } from '@adapters/dispatch';
import type { MailSink } from '@adapters/mail';
import type { ManagedAi } from '@adapters/ai-provider';
import type { Mailer } from '@core/mail';
import type { ImageStore } from '@core/images';
import type { EventStore } from '@core/eventstore/types';
import type { ServerConfig } from './config';
import type { Idempotency } from './http/idempotency';
import type { Counters, LoginLimiter } from './http/rate-limit';
import type { AccountsService } from './accounts/service';
import type { SchedulesService } from './schedules/service';
import type { TemplatesService } from './templates/service';
import type { TokensService } from './tokens/service';
import type { RegistrationLimiter } from './users/registration-limit';
import type { UsersService } from './users/service';
import type { XDeps } from './x';
import type { PaymentProvider } from '@core/billing/provider';
import type { BillingService } from '@adapters/billing/service';

export interface AppDeps {
  config: ServerConfig;
  logger: Logger;
  store: EventStore;
  projector: Projector;
  sessions: SessionStore;
  users: UsersService;
  templates: TemplatesService;
  /** Personal access tokens (tokens/routes.ts, http/bearer.ts). */
  tokens: TokensService;
  /** Monitored accounts (accounts/routes.ts). */
  accounts: AccountsService;
  /** Schedules (schedules/routes.ts). */
  schedules: SchedulesService;
  /** Uploaded images (the V2 upload; served under /uploads/). */
  images: ImageStore;
  /** The AI writer: the provider set on the AI Provider page, else RIPOSTE_AI_*, else offline (adapters/ai-provider). */
  ai: ManagedAi;
  /** Due replies: the admin's Scheduler Test runs a schedule or a direct reply through it. */
  dispatcher: Dispatcher;
  /** X: the app client (emulator in sandbox mode), connected accounts, sign in with X (apps/server/src/x). */
  x: XDeps;
  /** Payments: PayPal (or its emulator) and billing's use cases (billing/routes.ts). */
  billing: { provider: PaymentProvider; service: BillingService };
  /** argon2id behind a cap on work in flight (users/hash-gate.ts). */
  hasher: PasswordHasher;
  /** Web Push to users' devices (push/routes.ts; the scheduler's push job sends the notifications). */
  push?: PushSender | null;
  /** Mail: SMTP with RIPOSTE_SMTP_URL, else the local sink (its messages on the admin's Mailbox page). */
  mail: { mailer: Mailer; sink: MailSink | null };
  loginLimiter: LoginLimiter;
  /** Where rate limits count: memory, or PostgreSQL shared by every server (RIPOSTE_SHARED_URL). Unset: memory. */
  counters?: Counters;
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
