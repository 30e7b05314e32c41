export * from './heartbeat';
export { schedulerProcessesProjection } from './projection';
