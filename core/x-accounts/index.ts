/** Connected X accounts: the decider, the slot rule, the read model and the texts. */
export * from './account';
export * from './auth-result';
export * from './limits';
export * from './messages';
export * from './projection';
export * from './schemas';
