/** Monitored accounts: username rules, schemas, tiers, access rules, the decider and the read model. */
export * from './username';
export * from './tiers';
export * from './schemas';
export * from './access';
export * from './account';
export * from './legacy-slots';
export * from './picture';
export * from './projection';
export type * from './views';
export * from './x-lookup';
