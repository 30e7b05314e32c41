// The AiWriter contract against the offline writer (the default with no AI configured).
import { createOfflineWriter } from '@adapters/ai-offline';
import { aiWriterContract } from './ai-writer.contract';

aiWriterContract('offline writer', async () => ({ writer: createOfflineWriter(), offline: true, deterministic: true }));
