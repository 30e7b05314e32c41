/** The X port: data types, the clients' interfaces, answer classification and X's rules. */
export * from './types';
export * from './port';
export * from './stream';
export * from './answer';
export * from './outcomes';
export * from './auth-failure';
export * from './messages';
export * from './errors';
export * from './summon';
export * from './links';
export * from './reconcile';
