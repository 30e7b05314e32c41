/** The AI writer: port, typed errors, the safety wrapper, prompts, the calls' schemas, the provider an admin sets and its limits. */
export * from './port';
export * from './errors';
export * from './safety';
export * from './prompts';
export * from './schemas';
export * from './provider';
export * from './usage';
export * from './projection';
export * from './context';
