/**
 * Runs the AI emulator on its own, to try the real adapter by hand:
 *   npx tsx adapters/ai-emulator/main.ts --port 8099 [--key secret] [--latency 300]
 * then start Riposte with RIPOSTE_AI_BASE_URL=http://127.0.0.1:8099/v1 RIPOSTE_AI_API_KEY=secret
 * RIPOSTE_AI_MODEL=riposte-emulator-1.
 */
import { parseArgs } from 'node:util';
import { EMULATOR_MODEL, startAiEmulator } from './server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8099' },
    host: { type: 'string', default: '127.0.0.1' },
    key: { type: 'string' },
    latency: { type: 'string', default: '0' },
  },
});

const emulator = await startAiEmulator({
  host: values.host,
  port: Number(values.port),
  apiKey: values.key ?? null,
  latencyMs: Number(values.latency),
});
console.log(`AI emulator listening on ${emulator.baseUrl} (model ${EMULATOR_MODEL}${emulator.apiKey ? ', key required' : ', no key'})`);

const stop = () => void emulator.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
