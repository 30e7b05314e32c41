/** Scheduling input: zod schemas with the spec's messages, shared by the web forms, the API and the CLI. */
export * from './fields';
export * from './schedule-form';
export * from './classic';
export * from './v2';
export * from './bulk';
export * from './edit';
