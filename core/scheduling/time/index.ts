/** Schedule time rules: pure, luxon only; every rule takes `now` and the IANA zone as arguments. */
export * from './wall-clock';
export * from './weekdays';
export * from './recurrence';
export * from './peak-windows';
export * from './presets';
export * from './bulk-slots';
export * from './delivery-hints';
export * from './one-time';
