/** Web Push to users' devices: configuration, the VAPID keys, the sender and the scheduler job. */
export * from './config';
export * from './sender';
export * from './job';
