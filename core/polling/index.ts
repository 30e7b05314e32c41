/** Polling settings: the catalogue, the decider, the interval rule, the read model and the texts. */
export * from './catalogue';
export * from './interval';
export * from './settings';
export * from './messages';
export * from './schemas';
export * from './projection';
export * from './views';
