/** Mail: the port and the messages Riposte sends. */
export * from './port';
export * from './messages';
