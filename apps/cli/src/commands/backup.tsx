/**
 * `riposte backup` and `riposte restore` on the local data directory (adapters/backup-sqlite):
 * an online backup of every file, kept `RIPOSTE_BACKUP_KEEP` deep in `RIPOSTE_BACKUP_DIR`, and
 * its restore into a stopped installation.
 */
import type { Command } from 'commander';
import { Box, Text } from 'ink';
import { backupDataDir, restoreDataDir, type BackupReport, type RestoreReport } from '@adapters/backup-sqlite';
import { isAppError } from '@core/shared/errors';
import { loadBackupEnv, loadCliEnv, type CliEnv } from '../env';
import type { CliIo } from '../io';
import { show } from '../output';
import { CliError, EXIT, usage } from '../remote/errors';

/** The adapter's refusals (a running server, another store, a damaged backup) exit 2 with their field. */
const refusing = async <T,>(run: () => Promise<T> | T): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    if (isAppError(error) && (error.code === 'conflict' || error.code === 'validation')) throw new CliError(error.message, EXIT.refused, error.field === undefined ? {} : { field: error.field });
    throw error;
  }
};

const sqliteOnly = (env: CliEnv, what: string) => {
  if (env.eventStore.kind !== 'sqlite') {
    throw new CliError(`With RIPOSTE_EVENT_STORE=kurrentdb the events live in KurrentDB: ${what} them with KurrentDB's own backup tools; riposte ${what} covers the SQLite event store`, EXIT.refused, { field: 'RIPOSTE_EVENT_STORE' });
  }
  return env.eventStore.path;
};

const BackupView = ({ report }: { report: BackupReport }) => (
  <Box flexDirection="column">
    <Text color="green">
      Backed up {report.manifest.store.events} events (to position {report.manifest.store.lastPosition}) and {report.manifest.files.length} files in {report.seconds.toFixed(2)} s to {report.backup}
    </Text>
    {report.removed.length > 0 ? <Text>Removed {report.removed.length} older backup{report.removed.length === 1 ? '' : 's'}: {report.removed.join(', ')}</Text> : null}
    {report.keptApart.map((line) => (
      <Text key={line} color="yellow">
        {line}
      </Text>
    ))}
  </Box>
);

const RestoreView = ({ report }: { report: RestoreReport }) => (
  <Box flexDirection="column">
    <Text color="green">
      Restored {report.store.events} events (to position {report.store.lastPosition}) and {report.files} files into {report.dataDir}
    </Text>
    {report.replaced !== null ? <Text>The files it replaced are in {report.replaced}</Text> : null}
    <Text>Start the server: the read models catch up from the restored events.</Text>
  </Box>
);

const wholeNumber = (text: string, field: string): number => {
  if (!/^\d+$/.test(text) || Number(text) < 1) throw usage(`--${field} must be a whole number, 1 or more (not '${text}')`, field);
  return Number(text);
};

export const registerBackupCommands = (program: Command, io: CliIo): void => {
  const json = () => program.opts<{ json?: boolean }>().json === true;

  program
    .command('backup')
    .description('back up the data directory while the server runs (SQLite online backup), keeping the newest --keep backups')
    .option('--to <dir>', 'where backups are kept (default RIPOSTE_BACKUP_DIR, ./backups)')
    .option('--keep <n>', 'how many backups to keep, this one included (default RIPOSTE_BACKUP_KEEP, 30)')
    .action(async (o: { to?: string; keep?: string }) => {
      const env = loadCliEnv(io.env);
      const eventsPath = sqliteOnly(env, 'back up');
      const settings = loadBackupEnv(io.env);
      const keep = o.keep === undefined ? settings.keep : wholeNumber(o.keep, 'keep');
      const report = await refusing(() => backupDataDir({ dataDir: env.dataDir, eventsPath, to: o.to ?? settings.dir, keep }));
      if (json()) for (const line of report.keptApart) io.stderr.write(`warning: ${line}\n`);
      await show(io, json(), report, () => <BackupView report={report} />);
    });

  program
    .command('restore')
    .description('put a backup back into the data directory (the server stopped; the files it replaces are moved aside)')
    .argument('<backup>', 'the backup directory (riposte-backup-<time>)')
    .action(async (backup: string) => {
      const env = loadCliEnv(io.env);
      const eventsPath = sqliteOnly(env, 'restore');
      const report = await refusing(() => restoreDataDir({ backup, dataDir: env.dataDir, eventsPath }));
      await show(io, json(), report, () => <RestoreView report={report} />);
    });
};
