/** The audit and replay commands of `riposte` (commands/audit.ts does the work, ui/audit-view.tsx shows it). */
import { render } from 'ink';
import type { Command } from 'commander';
import { loadCliEnv } from '../env';
import type { CliIo } from '../io';
import { show } from '../output';
import { DiffView, EntryLine, HistoryView, StateView } from '../ui/audit-view';
import { auditSchedule, auditUser, diffStream, parseFilter, parseLimit, replayStream, showStream, tailEvents, type FilterOptions } from './audit';

const collect = (value: string, previous: string[] = []) => [...previous, ...value.split(',').map((v) => v.trim()).filter((v) => v !== '')];

const withLimit = (command: Command) => command.option('--limit <n>', 'only the latest n entries, read from the end of the history (default: all)');

const withFilters = (command: Command) =>
  command
    .option('--from <time>', 'only events at or after this time (ISO-8601)')
    .option('--to <time>', 'only events at or before this time (ISO-8601)')
    .option('--type <types>', 'only these event types (comma-separated, repeatable)', collect);

export const registerAuditCommands = (program: Command, io: CliIo): void => {
  const json = () => program.opts<{ json?: boolean }>().json === true;
  const env = () => loadCliEnv(io.env);

  const events = program.command('events').description('the event store, in plain words');
  withFilters(events.command('show').description("a stream's events with time, actor, request id and a plain-words line").argument('<stream>', 'stream name, e.g. schedule-<id>')).action(
    async (stream: string, options: FilterOptions) => {
      const report = await showStream(env(), stream, parseFilter(options));
      await show(io, json(), report, () => <HistoryView report={report} />);
    },
  );
  withFilters(events.command('tail').description('follow the store live (Ctrl-C to stop)')).action(async (options: FilterOptions) => {
    const controller = new AbortController();
    process.once('SIGINT', () => controller.abort());
    process.once('SIGTERM', () => controller.abort());
    const asJson = json() || !io.stdout.isTTY;
    await tailEvents(
      env(),
      parseFilter(options),
      (entry) => {
        if (asJson) io.stdout.write(`${JSON.stringify(entry)}\n`);
        else render(<EntryLine entry={entry} />, { stdout: io.stdout, stderr: io.stderr }).unmount();
      },
      controller.signal,
    );
  });

  const audit = program.command('audit').description("a person's or a schedule's history (the look is recorded)");
  withLimit(withFilters(audit.command('user').description("every event of a user's history").argument('<username>', 'the username (any case)'))).action(
    async (username: string, options: FilterOptions) => {
      const report = await auditUser(env(), username, parseFilter(options), parseLimit(options.limit));
      await show(io, json(), report, () => <HistoryView report={report} />);
    },
  );
  withLimit(withFilters(audit.command('schedule').description("a schedule's events and its replies'").argument('<id>', 'the schedule id'))).action(async (id: string, options: FilterOptions) => {
    const report = await auditSchedule(env(), id, parseFilter(options), parseLimit(options.limit));
    await show(io, json(), report, () => <HistoryView report={report} />);
  });

  program
    .command('replay')
    .description('the state of a stream (user-, schedule-, template-, billing- ...) as of a moment, folded by its decider')
    .argument('<stream>', 'stream name, e.g. user-<id>')
    .option('--until <time|position>', 'an ISO-8601 time or a store position (default: now)')
    .option('--diff <moments...>', 'two moments (time or position): what changed between them')
    .action(async (stream: string, options: { until?: string; diff?: string[] }) => {
      if (options.diff !== undefined) {
        const [a, b] = options.diff;
        if (a === undefined || b === undefined || options.diff.length !== 2) throw new Error('--diff takes two moments: --diff <t1> <t2>');
        const diff = await diffStream(env(), stream, a, b);
        await show(io, json(), diff, () => <DiffView diff={diff} />);
        return;
      }
      const answer = await replayStream(env(), stream, options.until);
      await show(io, json(), answer, () => <StateView answer={answer} />);
    });
};
