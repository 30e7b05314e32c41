/** How users leave the server: PublicUser (core/users), never the password hash. */
import type { PublicUser } from '@core/users/public-user';
import { toPublicUser } from '@core/users/public-user';
import type { User } from '@core/users/state';
import type { CommandContext } from '../commands';
import type { AppDeps } from '../deps';

export const presentUser = (deps: Pick<AppDeps, 'clock' | 'config'>, user: User): PublicUser =>
  toPublicUser(user, deps.clock(), { legacyUsernames: deps.config.legacyUsernames });

/** Metadata for the events a request causes. */
export const commandContext = (ctx: { state: { requestId: string; user: User | null; expectedRevision?: bigint } }, actor?: string): CommandContext => ({
  actor: actor ?? ctx.state.user?.id ?? null,
  correlationId: ctx.state.requestId,
  ...(ctx.state.expectedRevision === undefined ? {} : { expectedRevision: ctx.state.expectedRevision }),
});
