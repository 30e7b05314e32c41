/**
 * Scheduling: time rules (time/), the schedule decider, the forms' schemas and drafts, the bulk
 * duplicate rule and the schedules read model. Pure: zod and luxon only; `now` and zones are
 * arguments.
 */
export * from './time';
export * from './messages';
export * from './model';
export * from './plan';
export * from './schedule';
export * from './decide';
export * from './schemas';
export * from './drafts';
export * from './duplicates';
export * from './projection';
export * from './form-payload';
export * from './batch';
export * from './upcast';
export * from './post-rule';
