export { createProjector } from './projector';
export type { Projector, ProjectorOptions, ProjectorLogger, ProjectionStatus } from './projector';
export type { ProjectionFailure } from './apply';
export type { ReadDb } from './read-db';
