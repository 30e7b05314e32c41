export * from './sending';
export { xSendingProjection } from './projection';
