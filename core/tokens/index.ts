/** Personal access tokens: the decider, the scope rule, schemas and the read model. */
export * from './schemas';
export * from './token';
export * from './permissions';
export * from './projection';
export * from './views';
