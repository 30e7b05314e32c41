/** Billing: Premium paid through PayPal (decider, periods, entitlement, webhooks, port, read model). */
export * from './constants';
export * from './commands';
export * from './events';
export * from './state';
export * from './decider';
export * from './period';
export * from './ids';
export * from './entitlement';
export * from './renewal';
export * from './webhook';
export * from './webhook-inbox';
export * from './provider';
export * from './schemas';
export * from './views';
export * from './projection';
