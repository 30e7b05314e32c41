/**
 * What the middleware puts on a Koa context. koa-session ships no `declare module 'koa'`, so the
 * session's shape is declared here once.
 */
import type { Logger } from '@adapters/logging';
import type { User } from '@core/users/state';
import type { BearerToken } from './bearer';

export interface RiposteSession {
  /** Set by signIn; absent for a visitor. */
  userId?: string;
  signedInAt?: string;
  /** Set when this session passed the X Admin step-up (polling/x-admin.ts); gone with the session. */
  xAdminVerified?: { userId: string; at: string };
  regenerate(): Promise<void>;
  save(): Promise<void>;
  readonly isNew: boolean;
  readonly externalKey?: string;
}

export interface RiposteState {
  requestId: string;
  log: Logger;
  /** The signed-in user, loaded from their event stream, or null. */
  user: User | null;
  /** The personal access token this request came with (http/bearer.ts), or null for a session or a visitor. */
  token: BearerToken | null;
  /** The revision an If-Match named, on a conditional write (http/revision.ts). */
  expectedRevision?: bigint;
}

declare module 'koa' {
  // Declaration merging: Koa's DefaultState gains these members (an empty body on purpose).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface DefaultState extends RiposteState {}
  interface DefaultContext {
    session: RiposteSession | null;
  }
}
