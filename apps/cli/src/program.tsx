#!/usr/bin/env node
/**
 * `riposte <command>` (`npm run cli -- <command>`). Two kinds of command:
 *  - on a server, over the public API with a personal access token (`riposte login` first):
 *    whoami, schedules, templates, accounts, replies, ready (remote/commands.tsx);
 *  - on the local data directory (same environment variables as the server: RIPOSTE_DATA_DIR,
 *    RIPOSTE_EVENT_STORE, RIPOSTE_KURRENTDB_URL): status, projections rebuild, users set-role.
 * Exit codes: 0 ok, 1 usage, 2 refused, 3 unreachable (remote/errors.ts).
 */
import { Command, CommanderError } from 'commander';
import { isEnvError } from '@adapters/env';
import { AppError } from '@core/shared/errors';
import { rebuildProjections, readStatus } from './commands/projections';
import { parseRole, setRole } from './commands/users';
import { registerAuditCommands } from './commands/audit-program';
import { loadCliEnv } from './env';
import { show } from './output';
import { registerRemoteCommands } from './remote/commands';
import { completionScript } from './remote/completion';
import { CliError, EXIT } from './remote/errors';
import { RebuildView, RoleView, StatusView } from './ui/report';

const program = new Command()
  .name('riposte')
  .description('Riposte from the terminal: your schedules, templates, accounts and replies on a server; store operations on a data directory.')
  .option('--json', 'print JSON only (also whenever stdout is not a terminal)')
  .exitOverride();

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
registerRemoteCommands(program, process.env);

program
  .command('completion')
  .description('print a shell completion script: source <(riposte completion bash)')
  .argument('<shell>', 'bash or zsh')
  .action((shell: string) => {
    try {
      process.stdout.write(completionScript(program, shell));
    } catch (error) {
      throw new CliError(error instanceof Error ? error.message : String(error), EXIT.usage, { field: 'shell' });
    }
  });

const fail = (error: unknown): number => {
  if (error instanceof CommanderError) {
    // Commander has printed its own message (or the help) to stderr already.
    return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  }
  const cli =
    error instanceof CliError
      ? error
      : new CliError(isEnvError(error) ? error.message : error instanceof Error ? error.message : String(error), EXIT.usage, error instanceof AppError && error.field !== undefined ? { field: error.field } : {});
  const json = program.opts<{ json?: boolean }>().json === true;
  if (json) process.stdout.write(`${JSON.stringify(cli.toJSON())}\n`);
  // At a terminal the import's line errors were already drawn (ui/remote-views LineErrors).
  const drawn = cli.details.lines !== undefined && !json && process.stderr.isTTY;
  if (drawn) return cli.exitCode;
  const field = cli.details.field !== undefined && !cli.message.startsWith(`--${cli.details.field}`) ? ` (${cli.details.field})` : '';
  process.stderr.write(`riposte: ${cli.message}${field}\n`);
  for (const l of cli.details.lines ?? []) process.stderr.write(`  line ${l.line}, ${l.field}: ${l.message}\n`);
  return cli.exitCode;
};

// exitCode, not exit(): a large answer written to a pipe must be flushed before the process ends.
program.parseAsync(process.argv).then(
  () => {
    process.exitCode = EXIT.ok;
  },
  (error: unknown) => {
    process.exitCode = fail(error);
  },
);
