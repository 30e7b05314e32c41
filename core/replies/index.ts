/**
 * Replies: the reply decider (one stream per reply, the exactly-once rules of dispatch), the pure
 * rules of a run (target post, lateness, delivery mode, final text, text source, hourly cap), the
 * same-text rule, the one-reply-per-post reservation, the steps a scheduler takes, and the replies
 * read model with its views. Pure: zod and luxon only; time is an argument.
 */
export * from './model';
export * from './events';
export * from './commands';
export * from './state';
export * from './decide';
export * from './messages';
export * from './rules/timing';
export * from './rules/target';
export * from './rules/delivery';
export * from './rules/text';
export * from './rules/text-choices';
export * from './rules/allowance';
export * from './rules/x-budget';
export * from './text-usage';
export * from './post-reservation';
export * from './run';
export * from './projection';
export * from './views';
export * from './upcast';
