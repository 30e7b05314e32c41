// The AiWriter contract against the real openai adapter, talking HTTP to the OpenAI-compatible
// emulator on loopback: the same client code that talks to OpenAI, llama.cpp or vLLM.
import { createOpenAiWriter } from '@adapters/ai-openai';
import { EMULATOR_MODEL, startAiEmulator } from '@adapters/ai-emulator';
import { aiWriterContract } from './ai-writer.contract';

aiWriterContract('openai adapter against the emulator', async () => {
  const emulator = await startAiEmulator({ apiKey: 'contract-key' });
  const writer = createOpenAiWriter({ baseURL: emulator.baseUrl, apiKey: 'contract-key', model: EMULATOR_MODEL, timeoutMs: 5000 });
  return {
    writer,
    offline: false,
    deterministic: true, // the emulator composes from the seed; a real model need not
    calls: () => emulator.requests.length,
    teardown: () => emulator.close(),
  };
});
