/** Metrics of sent replies: what X showed of them (events), which to read when, the read model. */
export * from './days';
export * from './events';
export * from './refresh';
export * from './projection';
