import { z } from 'zod';
import { directory, eventStoreShape, parseEnv, requireKurrentUrl, withDefault } from '@adapters/env';
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

const backupEnvSchema = z.object({
  RIPOSTE_BACKUP_DIR: directory('./backups'),
  // 30 daily backups: the 30 days the privacy page promises.
  RIPOSTE_BACKUP_KEEP: withDefault(
    z
      .string()
      .refine((s) => /^\d+$/.test(s) && Number(s) >= 1, { message: 'expected a whole number of backups, 1 or more' })
      .transform(Number),
    '30',
  ),
});

/** Where `riposte backup` keeps backups and how many (read by the backup command only). */
export const loadBackupEnv = (env: Record<string, string | undefined>): { dir: string; keep: number } => {
  const parsed = parseEnv(backupEnvSchema, env);
  return { dir: parsed.RIPOSTE_BACKUP_DIR, keep: parsed.RIPOSTE_BACKUP_KEEP };
};
