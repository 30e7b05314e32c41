/** The X emulator: a local stand-in for X's API, OAuth pages and web intents (sandbox mode, tests). */
export { startXEmulator, SANDBOX_APP } from './server';
export type { XEmulator, XEmulatorOptions } from './server';
export type { Fault as XFault, FaultTarget, PostOptions, RecordedXRequest, XEmulatorControl } from './control';
export type { EmuApp, EmuPost, EmuUser } from './world';
export { ENDPOINTS as X_EMULATOR_ENDPOINTS } from './rate-limits';
export type { Endpoint as XEmulatorEndpoint } from './rate-limits';
export { NOT_SUMMONED_DETAIL, SUMMON_RULE_DETAIL, CALLBACK_NOT_APPROVED_XML } from './routes-api';
export { PEAK_WINDOWS, PEAK_SHARE } from './schedule';
export type { XEmulatorStreamControl, EmuRule } from './stream';
