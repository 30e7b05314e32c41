// The users capability: one import for the server, the web app and the CLI.
export * from './constants';
export type { Actor, UserCommand, UserCommandType } from './commands';
export { actorId, isAdminActor } from './commands';
export * from './events';
export * from './state';
export { decide } from './decide';
export { evolve } from './evolve';
export { userDecider } from './decider';
export * from './streams';
export * from './tier';
export * from './quota';
export * from './badge';
export * from './schemas';
export * from './public-user';
export * from './preferences';
export * from './reset';
export { RESET_LINK_INVALID } from './decide';
export { canonicalTimeZone, isValidTimeZone, type Instant } from './time';
