/**
 * The `riposte` program (main.tsx runs it on the process): two kinds of command:
 *  - on a server, over the public API with a personal access token (`riposte login` first):
 *    whoami, schedules, templates, accounts, replies, ready (remote/commands.tsx);
 *  - on the local data directory (same environment variables as the server: RIPOSTE_DATA_DIR,
 *    RIPOSTE_EVENT_STORE, RIPOSTE_KURRENTDB_URL): status, projections rebuild, users set-role,
 *    backup and restore.
 * Exit codes: 0 ok, 1 usage, 2 refused, 3 unreachable (remote/errors.ts). Everything it reads and
 * writes goes through a CliIo (its environment, stdout and stderr), so a test runs the real
 * program in its own process, without a fresh Node and tsx start per call.
 */
import { Command, CommanderError } from 'commander';
import { isEnvError } from '@adapters/env';
import { AppError } from '@core/shared/errors';
import { rebuildProjections, readStatus } from './commands/projections';
import { parseRole, setRole } from './commands/users';
import { registerAuditCommands } from './commands/audit-program';
import { registerBackupCommands } from './commands/backup';
import { loadCliEnv } from './env';
import type { CliIo } from './io';
import { show } from './output';
import { registerRemoteCommands } from './remote/commands';
import { completionScript } from './remote/completion';
import { CliError, EXIT } from './remote/errors';
import { RebuildView, RoleView, StatusView } from './ui/report';

const createProgram = (io: CliIo): Command => {
  const program = new Command()
    .name('riposte')
    .description('Riposte from the terminal: your schedules, templates, accounts and replies on a server; store operations on a data directory.')
    .option('--json', 'print JSON only (also whenever stdout is not a terminal)')
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) });

  program
    .command('status')
    .description('show the event store position and how far each read model has come')
    .action(async () => {
      const report = await readStatus(loadCliEnv(io.env));
      await show(io, program.opts<{ json?: boolean }>().json === true, report, () => <StatusView report={report} />);
    });

  program
    .command('projections')
    .description('read models')
    .command('rebuild')
    .description('delete the read database and rebuild it from the events (stop the server first)')
    .action(async () => {
      const report = await rebuildProjections(loadCliEnv(io.env));
      await show(io, program.opts<{ json?: boolean }>().json === true, report, () => <RebuildView report={report} />);
    });

  program
    .command('users')
    .description('user accounts')
    .command('set-role')
    .description('give a user a role: admin, legacy or user')
    .argument('<username>', 'the username (any case)')
    .argument('<role>', 'admin, legacy or user')
    .action(async (username: string, role: string) => {
      const report = await setRole(loadCliEnv(io.env), username, parseRole(role));
      await show(io, program.opts<{ json?: boolean }>().json === true, report, () => <RoleView report={report} />);
    });

  registerAuditCommands(program, io);
  registerBackupCommands(program, io);
  registerRemoteCommands(program, io);

  program
    .command('completion')
    .description('print a shell completion script: source <(riposte completion bash)')
    .argument('<shell>', 'bash or zsh')
    .action((shell: string) => {
      try {
        io.stdout.write(completionScript(program, shell));
      } catch (error) {
        throw new CliError(error instanceof Error ? error.message : String(error), EXIT.usage, { field: 'shell' });
      }
    });

  return program;
};

const fail = (program: Command, io: CliIo, error: unknown): number => {
  if (error instanceof CommanderError) {
    // Commander has printed its own message (or the help) to stderr already.
    return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  }
  const cli =
    error instanceof CliError
      ? error
      : new CliError(isEnvError(error) ? error.message : error instanceof Error ? error.message : String(error), EXIT.usage, error instanceof AppError && error.field !== undefined ? { field: error.field } : {});
  const json = program.opts<{ json?: boolean }>().json === true;
  if (json) io.stdout.write(`${JSON.stringify(cli.toJSON())}\n`);
  // At a terminal the import's line errors were already drawn (ui/remote-views LineErrors).
  const drawn = cli.details.lines !== undefined && !json && io.stderr.isTTY;
  if (drawn) return cli.exitCode;
  const field = cli.details.field !== undefined && !cli.message.startsWith(`--${cli.details.field}`) ? ` (${cli.details.field})` : '';
  io.stderr.write(`riposte: ${cli.message}${field}\n`);
  for (const l of cli.details.lines ?? []) io.stderr.write(`  line ${l.line}, ${l.field}: ${l.message}\n`);
  return cli.exitCode;
};

/** Runs one command line (`argv` as process.argv: node, script, then the arguments); the exit code. */
export const runCli = async (argv: readonly string[], io: CliIo): Promise<number> => {
  const program = createProgram(io);
  try {
    await program.parseAsync([...argv]);
    return EXIT.ok;
  } catch (error) {
    return fail(program, io, error);
  }
};
