#!/usr/bin/env node
/**
 * `npm run cli -- <command>`: operations on a Riposte installation (same environment variables as
 * the server: RIPOSTE_DATA_DIR, RIPOSTE_EVENT_STORE, RIPOSTE_KURRENTDB_URL).
 */
import { Command } from 'commander';
import { isEnvError } from '@adapters/env';
import { rebuildProjections, readStatus } from './commands/projections';
import { parseRole, setRole } from './commands/users';
import { registerAuditCommands } from './commands/audit-program';
import { loadCliEnv } from './env';
import { show } from './output';
import { RebuildView, RoleView, StatusView } from './ui/report';

const program = new Command()
  .name('riposte')
  .description('Riposte operations: status of the stores and read models, projection rebuilds, user roles.')
  .option('--json', 'print JSON instead of the interactive view');

program
  .command('status')
  .description('show the event store position and how far each read model has come')
  .action(async () => {
    const report = await readStatus(loadCliEnv(process.env));
    await show(program.opts<{ json?: boolean }>().json === true, report, () => <StatusView report={report} />);
  });

program
  .command('projections')
  .description('read models')
  .command('rebuild')
  .description('delete the read database and rebuild it from the events (stop the server first)')
  .action(async () => {
    const report = await rebuildProjections(loadCliEnv(process.env));
    await show(program.opts<{ json?: boolean }>().json === true, report, () => <RebuildView report={report} />);
  });

program
  .command('users')
  .description('user accounts')
  .command('set-role')
  .description('give a user a role: admin, legacy or user')
  .argument('<username>', 'the username (any case)')
  .argument('<role>', 'admin, legacy or user')
  .action(async (username: string, role: string) => {
    const report = await setRole(loadCliEnv(process.env), username, parseRole(role));
    await show(program.opts<{ json?: boolean }>().json === true, report, () => <RoleView report={report} />);
  });

registerAuditCommands(program);

program.parseAsync(process.argv).catch((error: unknown) => {
  process.stderr.write(`${isEnvError(error) ? error.message : `riposte: ${error instanceof Error ? error.message : String(error)}`}\n`);
  process.exit(1);
});
