/** Templates and template groups: deciders, rotation, schemas and read models. */
export * from './schemas';
export * from './template';
export * from './group';
export * from './rotation';
export * from './projection';
