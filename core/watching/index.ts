/** Watching monitored accounts: which to read when, what a read recorded, which auto runs are due. */
export * from './due';
export * from './batch';
export * from './ids';
export * from './watch';
export * from './projection';
export * from './stream-rules';
export * from './stream-backoff';
export * from './reads';
export * from './reads-projection';
export * from './estimate';
