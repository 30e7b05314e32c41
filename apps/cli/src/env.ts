import { z } from 'zod';
import { directory, eventStoreShape, parseEnv, requireKurrentUrl } from '@adapters/env';
import { eventStoreConfigFromEnv, type EventStoreConfig } from '@adapters/eventstore-open';

const cliEnvSchema = z
  .object({ RIPOSTE_DATA_DIR: directory('./data'), ...eventStoreShape })
  .superRefine(requireKurrentUrl);

export interface CliEnv {
  dataDir: string;
  eventStore: EventStoreConfig;
}

export const loadCliEnv = (env: Record<string, string | undefined>): CliEnv => {
  const parsed = parseEnv(cliEnvSchema, env);
  return { dataDir: parsed.RIPOSTE_DATA_DIR, eventStore: eventStoreConfigFromEnv(parsed) };
};
