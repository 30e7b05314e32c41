/** The AI writer: port, typed errors, the safety wrapper, prompts and the calls' schemas. */
export * from './port';
export * from './errors';
export * from './safety';
export * from './prompts';
export * from './schemas';
