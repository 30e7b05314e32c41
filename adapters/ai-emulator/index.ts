export { startAiEmulator, readPrompt, EMULATOR_MODEL } from './server';
export type { AiEmulator, AiEmulatorOptions, Fault, RecordedRequest } from './server';
