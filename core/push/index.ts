/** Web Push: the devices a user is notified on, and what they are told about their replies. */
export * from './schemas';
export * from './subscriptions';
export * from './message';
export * from './projection';
