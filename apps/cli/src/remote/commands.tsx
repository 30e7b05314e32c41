/**
 * The CLI over the public API (`riposte login` first): whoami, schedules, templates, accounts,
 * replies and the assisted-delivery queue. Each command prints a table for a person, or JSON with
 * `--json` (or when stdout is not a terminal), and fails with the exit codes of ./errors.ts.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { render, Text } from 'ink';
import { DateTime } from 'luxon';
import type { ReactElement } from 'react';
import { show } from '../output';
import { ProgressBar } from '../ui/progress';
import { LineErrors, Message, Table } from '../ui/remote-views';
import type { CliIo } from '../io';
import { createApi, type Api } from './api';
import { CliError, EXIT, usage, type LineError } from './errors';
import { columnOf, exportLosses, exportRows, formatCsv, nameKey, rowsToPayloads, type ExportedSchedule, type NameIndex } from './csv';
import { intentKey } from './intent-key';
import { loadProfile, profilePath, saveProfile } from './profile';
import { readToken, TOKEN_ENV, type TokenOptions } from './token-input';
import { postTimeWords } from '@core/replies/rules/earliness';
import { beyondAllowance, beyondAllowanceWarning, type TrialState } from '@core/users/quota';

interface User {
  id: string;
  username: string;
  role: string;
  tier: string;
  email: string | null;
  timeZone: string;
}
interface Named {
  id: string;
  username: string;
}
interface Schedule extends ExportedSchedule {
  id: string;
  status: string;
  delayMinutes?: number;
  /** Which post its runs answer, in the screens' words (core/scheduling/post-rule.ts). */
  targetPost?: { words: string };
}

/** The create options that choose the post, as the server names them. */
const POST_OPTION_OF: Record<string, string> = { targetPost: 'post', waitMinutes: 'wait', freshnessMinutes: 'fresh', delayMinutes: 'delay' };
const optionOf = (field: string): string => POST_OPTION_OF[field] ?? columnOf(field);

/** `--post`, `--wait`, `--fresh` as the call's fields (the server checks them; a number stays as typed when it is not one). */
const postFields = (o: { post?: string; wait?: string; fresh?: string }): Record<string, unknown> => {
  const n = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v) : v);
  return {
    ...(o.post === undefined ? {} : { targetPost: o.post }),
    ...(o.wait === undefined ? {} : { waitMinutes: n(o.wait) }),
    ...(o.fresh === undefined ? {} : { freshnessMinutes: n(o.fresh) }),
  };
};
/**
 * `--delay 2m`, `--delay 90` (minutes) or `--delay 1h` as minutes; anything else is sent as typed,
 * so the server's own message names what it takes.
 */
export const delayMinutesOf = (text: string): number | string => {
  const m = /^\s*(\d+)\s*(m|min|h)?\s*$/i.exec(text);
  if (m === null) return text;
  return Number(m[1]) * (m[2]?.toLowerCase() === 'h' ? 60 : 1);
};

/** GET /api/accounts/:id/auto-estimate (core/watching/estimate.ts). */
interface AutoEstimate {
  kind: 'polled' | 'streamed' | 'paused';
  words: string;
}

interface Template {
  id: string;
  name: string;
  content: string;
  isActive: boolean;
  useAI: boolean;
}
interface Reply {
  id: string;
  status: string;
  /** The server's badge (core/replies/views.ts): its label, and until when a waiting reply waits. */
  badge?: { label: string; until: string | null };
  content: string;
  targetUsername: string | null;
  connectedUsername: string | null;
  sentAt: string | null;
  intentUrl: string | null;
  expiresAt: string | null;
  replyUrl: string | null;
  postCreatedAt: string | null;
  /** 'Written offline: …' when the offline writer stood in for the AI provider (core/replies/views.ts). */
  aiFallback?: string | null;
}

const local = (iso: string | null, zone = 'local') => (iso === null ? '' : DateTime.fromISO(iso).setZone(zone).toFormat('yyyy-MM-dd HH:mm'));

/** Line errors of a refused import: the server names `entries.<n>.<field>`. */
const serverLineError = (error: CliError, lines: readonly number[]): LineError[] | null => {
  const m = /^entries\.(\d+)(?:\.(\w+))?/.exec(error.details.field ?? '');
  if (m === null) return null;
  const line = lines[Number(m[1])];
  return line === undefined ? null : [{ line, field: columnOf(m[2] ?? 'row'), message: error.message }];
};

export const registerRemoteCommands = (program: Command, io: CliIo): void => {
  const { env } = io;
  const json = () => program.opts<{ json?: boolean }>().json === true || !io.stdout.isTTY;
  const out = (data: unknown, view: () => ReactElement) => show(io, json(), data, view);
  const api = (): Api => createApi(loadProfile(env));
  const me = async (a: Api) => (await a.get<{ user: User }>('/api/auth/status')).user;
  /**
   * A create keyed by its intent (docs/adr/0012, addendum): the same request from the same user
   * to the same server sends the same Idempotency-Key, so a re-run, or the retry after a dropped
   * answer, is answered with the first answer and creates nothing. `again` makes it a new intent.
   */
  const createOnce = async <T,>(a: Api, path: string, request: unknown, again = false) => {
    const key = again ? `cli-${randomUUID()}` : intentKey(loadProfile(env).url, (await me(a)).id, `POST ${path}`, request);
    return a.create<T>(path, request, key);
  };

  program
    .command('login')
    .description('remember a server and a personal access token (Settings → API tokens), checked against the server')
    .requiredOption('--url <url>', 'the server, e.g. https://riposte.example.com')
    .option('--token-stdin', 'read the personal access token (rpt_…) from standard input')
    .option('--token <token>', `the token on the command line (seen in ps and shell history: prefer --token-stdin, ${TOKEN_ENV}, or the prompt)`)
    .addHelpText('after', `\nWithout --token-stdin or --token, the token is taken from ${TOKEN_ENV}, else asked for (not echoed) when run in a terminal.\nIt is kept in ${profilePath(env)}, readable by you alone (0600).`)
    .action(async (options: TokenOptions & { url: string }) => {
      let url: URL;
      try {
        url = new URL(options.url);
      } catch {
        throw usage(`--url must be an address like https://riposte.example.com, not '${options.url}'`, 'url');
      }
      if (!/^https?:$/.test(url.protocol)) throw usage('--url must be http or https', 'url');
      const { token } = await readToken(io, options);
      const profile = { url: url.origin, token };
      const user = await me(createApi(profile));
      const path = saveProfile(env, profile);
      await out({ url: profile.url, username: user.username, profile: path }, () => <Message text={`Logged in to ${profile.url} as ${user.username} (profile ${path})`} />);
    });

  program
    .command('whoami')
    .description('the user the saved token acts as')
    .action(async () => {
      const user = await me(api());
      await out(user, () => <Table columns={['username', 'role', 'tier', 'time zone']} rows={[[user.username, user.role, user.tier, user.timeZone]]} />);
    });

  // ---- schedules ------------------------------------------------------------------------------

  const schedules = program.command('schedules').description('your scheduled replies');

  schedules
    .command('list')
    .description('every schedule, with its next run')
    .action(async () => {
      const list = await api().get<Schedule[]>('/api/schedules');
      await out(list, () => (
        <Table
          columns={['id', 'target', 'account', 'next run', 'repeat', 'status', 'answers', 'text']}
          rows={list.map((s) => [
            s.id,
            `@${s.targetUsername ?? '?'}`,
            `@${s.accountName ?? '?'}`,
            s.scheduleType === 'auto' ? `when @${s.targetUsername ?? '?'} posts, +${s.delayMinutes ?? 0} min` : local(s.nextRunTime ?? s.scheduledTime, s.timeZone),
            s.isRecurring ? (s.recurringType ?? '') : 'once',
            s.status,
            s.targetPost?.words ?? '',
            s.useAI ? `AI ${s.content ?? ''}` : (s.content ?? ''),
          ])}
          empty="No schedules yet"
        />
      ));
    });

  /** Names the server knows: the monitored accounts you may answer and your connected X accounts. */
  const namesOf = async (a: Api): Promise<{ targets: NameIndex; accounts: NameIndex }> => {
    const [targets, accounts] = await Promise.all([a.get<Named[]>('/api/accounts'), a.get<Named[]>('/api/connected-accounts')]);
    const index = (list: Named[]) => new Map(list.map((x) => [nameKey(x.username), x.id]));
    return { targets: index(targets), accounts: index(accounts) };
  };

  /**
   * The trial's warning before scheduling `count` replies past its allowance (counted on X, ADR
   * 0047): printed on stderr, the schedules are still made (their replies wait for an upgrade).
   */
  const warnBeyondTrial = async (a: Api, count: number) => {
    const t = await a.get<{ trialState?: TrialState; repliesRemaining: number; repliesAhead?: number }>('/api/user/trial-status');
    if (t.trialState === undefined) return;
    const warning = beyondAllowanceWarning(beyondAllowance({ state: t.trialState, left: t.trialState === 'open' ? t.repliesRemaining : 0 }, t.repliesAhead ?? 0, count), count);
    if (warning !== null) io.stderr.write(`warning: ${warning}\n`);
  };

  /** The create's field errors named by its options (`--delay: …`). */
  const byOption = (error: unknown, own: Record<string, string> = {}): never => {
    if (error instanceof CliError && error.details.field !== undefined) {
      const option = own[error.details.field] ?? optionOf(error.details.field);
      throw new CliError(`--${option}: ${error.message}`, error.exitCode, { ...error.details, field: option });
    }
    throw error;
  };

  /**
   * `schedules create --when-posts @x`: an auto schedule (one bulk entry with scheduleType 'auto'),
   * then the server's estimate of how soon it fires for that account's tier and the period now.
   */
  const createAuto = async (a: Api, o: { whenPosts: string; account: string; delay?: string; text: string; ai: boolean; style: string; again: boolean; time?: string; target?: string; post?: string; wait?: string; fresh?: string; date: string; repeat: string }) => {
    for (const [given, name] of [[o.time, 'time'], [o.target, 'target'], [o.post, 'post'], [o.wait, 'wait'], [o.fresh, 'fresh']] as const)
      if (given !== undefined) throw usage(`--${name} does not go with --when-posts: an auto reply answers each new post, after --delay`, name);
    if (o.date !== '' || o.repeat !== 'once') throw usage('--date and --repeat do not go with --when-posts: an auto reply answers each new post, after --delay', o.date !== '' ? 'date' : 'repeat');
    const names = await namesOf(a);
    const targetId = names.targets.get(nameKey(o.whenPosts));
    if (targetId === undefined) throw new CliError(`--when-posts: No monitored account named '${o.whenPosts.trim()}' that you may use`, EXIT.refused, { field: 'when-posts' });
    const accountId = names.accounts.get(nameKey(o.account));
    if (accountId === undefined) throw new CliError(`--account: No connected X account named '${o.account.trim()}'`, EXIT.refused, { field: 'account' });
    await warnBeyondTrial(a, 1);
    const payload = {
      accountId: targetId,
      connectedAccountId: accountId,
      scheduleType: 'auto',
      delayMinutes: o.delay === undefined ? 0 : delayMinutesOf(o.delay),
      templateSourceType: 'custom',
      customReplyText: o.text,
      useAI: o.ai,
      ...(o.style === '' ? {} : { viralStyle: o.style }),
    };
    let made: Schedule;
    let replayed: boolean;
    try {
      ({ answer: made, replayed } = await createOnce<Schedule>(a, '/api/bulk-replies', payload, o.again));
    } catch (error) {
      return byOption(error, { accountId: 'when-posts' });
    }
    const estimate = await a.get<AutoEstimate>(`/api/accounts/${encodeURIComponent(targetId)}/auto-estimate?delayMinutes=${made.delayMinutes ?? 0}`);
    const what = `replies when @${made.targetUsername ?? nameKey(o.whenPosts)} posts`;
    const said = replayed ? `Already scheduled as ${made.id} (${what}) by an earlier run; nothing created (--again makes another). ${estimate.words}` : `Scheduled ${made.id}: ${what}. ${estimate.words}`;
    await out({ ...made, estimate, alreadyCreated: replayed }, () => <Message text={said} tone={replayed ? 'yellow' : 'green'} />);
  };

  schedules
    .command('create')
    .description('schedule one reply (the rules of a Bulk entry; same columns as the CSV), or with --when-posts an auto reply to each new post')
    .option('--target <username>', 'the monitored account to answer')
    .requiredOption('--account <username>', 'your connected X account that posts')
    .option('--time <HH:MM>', 'the time, in your time zone')
    .option('--when-posts <username>', 'instead of --target and --time: reply each time this monitored account posts (an auto reply)')
    .option('--delay <minutes>', 'with --when-posts: how long after the post it replies, e.g. 2m, 90 or 1h (default 0)')
    .option('--date <YYYY-MM-DD>', 'the day (one-time), or the first day (repeating)', '')
    .option('--repeat <once|daily|weekly|monthly>', 'how often', 'once')
    .option('--text <text>', 'the reply', '')
    .option('--ai', 'let the AI write the reply', false)
    .option('--style <style>', 'the AI viral style', '')
    .option('--again', 'create it even if the same schedule was created by this command in the last 24 hours', false)
    .option('--post <next|freshest>', 'which post it answers: their next post, or the freshest post at that time (the default for a time)')
    .option('--wait <minutes>', 'next post: how long past its time it waits for one (default 360)')
    .option('--fresh <minutes>', 'freshest post: how old the post may be (default 60)')
    .action(async (o: { target?: string; account: string; time?: string; whenPosts?: string; delay?: string; date: string; repeat: string; text: string; ai: boolean; style: string; again: boolean; post?: string; wait?: string; fresh?: string }) => {
      const a = api();
      if (o.whenPosts !== undefined) return createAuto(a, { ...o, whenPosts: o.whenPosts });
      if (o.delay !== undefined) throw usage('--delay goes with --when-posts (a timed reply takes --time)', 'delay');
      if (o.target === undefined) throw usage("required option '--target <username>' not specified (or --when-posts for an auto reply)", 'target');
      if (o.time === undefined) throw usage("required option '--time <HH:MM>' not specified (or --when-posts for an auto reply)", 'time');
      const csv = formatCsv([{ target: o.target, account: o.account, date: o.date, time: o.time, repeat: o.repeat, text: o.text, ai: String(o.ai), style: o.style }]);
      const { entries, errors } = rowsToPayloads(csv, await namesOf(a));
      const first = errors[0];
      if (first !== undefined || entries[0] === undefined) throw new CliError(`--${first?.field ?? 'target'}: ${first?.message ?? 'invalid'}`, EXIT.refused, { field: first?.field ?? 'target' });
      await warnBeyondTrial(a, 1);
      let made: Schedule;
      let replayed: boolean;
      try {
        ({ answer: made, replayed } = await createOnce<Schedule>(a, '/api/bulk-replies', { ...entries[0].payload, ...postFields(o) }, o.again));
      } catch (error) {
        return byOption(error);
      }
      const when = local(made.nextRunTime ?? made.scheduledTime, made.timeZone);
      const answers = made.targetPost === undefined ? '' : `: ${made.targetPost.words}`;
      const said = replayed ? `Already scheduled as ${made.id} for ${when} by an earlier run; nothing created (--again makes another)` : `Scheduled ${made.id} for ${when}${answers}`;
      await out({ ...made, alreadyCreated: replayed }, () => <Message text={said} tone={replayed ? 'yellow' : 'green'} />);
    });

  schedules
    .command('delete')
    .description('delete a schedule')
    .argument('<id>', 'the schedule id (schedules list)')
    .action(async (id: string) => {
      await api().send('DELETE', `/api/schedules/${encodeURIComponent(id)}`);
      await out({ deleted: id }, () => <Message text={`Deleted ${id}`} />);
    });

  schedules
    .command('import')
    .description('create every schedule of a CSV file, all or none (header: target,account,date,time,repeat,text,ai,style)')
    .argument('<file>', 'the CSV file')
    .option('--dry-run', 'check every line on the server and create nothing', false)
    .option('--again', 'create the schedules even if this same file was imported in the last 24 hours', false)
    .action(async (file: string, o: { dryRun: boolean; again: boolean }) => {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        throw usage(`Cannot read ${file}`, 'file');
      }
      const a = api();
      const names = await namesOf(a);
      const live = !json() && io.stderr.isTTY ? render(<ProgressBar label="Checking" done={0} total={0} />, { stdout: io.stderr }) : null;
      const parsed = rowsToPayloads(text, names, (done, total) => live?.rerender(<ProgressBar label="Checking" done={done} total={total} />));
      const refuse = async (errors: LineError[]) => {
        live?.unmount();
        if (!json()) {
          const view = render(<LineErrors file={file} errors={errors} />, { stdout: io.stderr });
          view.unmount();
        }
        throw new CliError(`${file}: ${errors.length} line${errors.length === 1 ? '' : 's'} refused; nothing was created`, EXIT.refused, { lines: errors });
      };
      if (parsed.errors.length > 0) return refuse(parsed.errors);
      if (!o.dryRun) await warnBeyondTrial(a, parsed.entries.length);
      live?.rerender(<ProgressBar label={o.dryRun ? 'Checking on the server' : 'Creating'} done={parsed.entries.length} total={parsed.entries.length} />);
      let answer: { count: number; dryRun: boolean; ids?: string[]; warnings?: { message: string }[] };
      let replayed: boolean;
      try {
        // The key names this file's schedules for this user on this server: run again, the import
        // is answered with the first run's answer and creates nothing.
        ({ answer, replayed } = await createOnce<typeof answer>(a, '/api/schedules/import', { entries: parsed.entries.map((e) => e.payload), dryRun: o.dryRun }, o.again));
      } catch (error) {
        const lines = error instanceof CliError ? serverLineError(error, parsed.entries.map((e) => e.line)) : null;
        if (lines !== null) return refuse(lines);
        live?.unmount();
        throw error;
      }
      live?.unmount();
      const warned = answer.warnings ?? [];
      const summary = answer.dryRun
        ? `${file}: all ${answer.count} lines would be scheduled (dry run, nothing created)`
        : replayed
          ? `${file}: already imported (its ${answer.count} replies were scheduled by an earlier run); nothing created (--again imports it once more)`
          : `${file}: ${answer.count} replies scheduled`;
      // Schedules that repeat another's text are made, and said so (X would refuse the repeats).
      const warning = warned.length === 0 || replayed ? '' : `\n${warned.length} of them repeat another schedule's text: ${warned[0]?.message ?? ''}`;
      await out({ ...answer, alreadyImported: replayed }, () => <Message text={`${summary}${warning}`} tone={warned.length === 0 && !replayed ? 'green' : 'yellow'} />);
    });

  schedules
    .command('export')
    .description('write your one-time and repeating schedules as CSV (the import format), sorted by when they run')
    .option('-o, --output <file>', 'write to this file instead of stdout')
    .action(async (o: { output?: string }) => {
      const schedules = await api().get<Schedule[]>('/api/schedules');
      const rows = exportRows(schedules);
      for (const loss of exportLosses(schedules)) io.stderr.write(`warning: ${loss}\n`);
      // --json prints the rows as JSON; otherwise the CSV itself (stdout or the file).
      if (program.opts<{ json?: boolean }>().json === true) {
        io.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
        return;
      }
      const csv = formatCsv(rows);
      if (o.output === undefined) io.stdout.write(csv);
      else {
        writeFileSync(o.output, csv);
        io.stderr.write(`${rows.length} schedules written to ${o.output}\n`);
      }
    });

  // ---- templates ------------------------------------------------------------------------------

  const templates = program.command('templates').description('your reply templates');
  templates
    .command('list')
    .action(async () => {
      const list = await api().get<Template[]>('/api/templates');
      await out(list, () => <Table columns={['id', 'name', 'active', 'ai', 'content']} rows={list.map((t) => [t.id, t.name, t.isActive ? 'yes' : 'no', t.useAI ? 'yes' : 'no', t.content])} empty="No templates yet" />);
    });
  templates
    .command('create')
    .requiredOption('--name <name>', 'the template name')
    .requiredOption('--content <text>', 'the reply text')
    .option('--ai', 'let the AI rewrite it', false)
    .option('--again', 'create it even if the same template was created by this command in the last 24 hours', false)
    .action(async (o: { name: string; content: string; ai: boolean; again: boolean }) => {
      const { answer: made, replayed } = await createOnce<Template>(api(), '/api/templates', { name: o.name, content: o.content, useAI: o.ai }, o.again);
      const said = replayed ? `Template ${made.name} was already created (${made.id}) by an earlier run; nothing created` : `Template ${made.name} created (${made.id})`;
      await out({ ...made, alreadyCreated: replayed }, () => <Message text={said} tone={replayed ? 'yellow' : 'green'} />);
    });

  // ---- accounts -------------------------------------------------------------------------------

  program
    .command('accounts')
    .description('accounts')
    .command('list')
    .description('the monitored accounts you may answer and your connected X accounts')
    .action(async () => {
      const a = api();
      const [targets, connected] = await Promise.all([a.get<Named[]>('/api/accounts'), a.get<Named[]>('/api/connected-accounts')]);
      const data = { monitored: targets, connected };
      await out(data, () => (
        <Table columns={['kind', 'username', 'id']} rows={[...connected.map((c) => ['connected', `@${c.username}`, c.id]), ...targets.map((t) => ['monitored', `@${t.username}`, t.id])]} empty="No accounts" />
      ));
    });

  // ---- replies and the ready queue ------------------------------------------------------------

  /** The status as the web app labels it: 'Waiting until 2026-12-01 14:05' for a held reply. */
  const statusOf = (r: Reply) => (r.badge === undefined ? r.status : r.badge.until === null ? r.badge.label : `${r.badge.label} until ${local(r.badge.until)}`);
  // The text, and who wrote it when the offline writer stood in for the AI provider.
  const textOf = (r: Reply) => (r.aiFallback ? `${r.content} (${r.aiFallback})` : r.content);
  const replyTable = (items: Reply[]) => (
    <Table
      columns={['id', 'status', 'target', 'from', 'sent', 'post', 'text']}
      rows={items.map((r) => [r.id, statusOf(r), `@${r.targetUsername ?? '?'}`, `@${r.connectedUsername ?? '?'}`, local(r.sentAt), postTimeWords(r, Date.now()) ?? '', textOf(r)])}
      empty="No replies"
    />
  );
  const listReplies = async (query: Record<string, string | undefined>) => {
    const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined));
    const page = await api().get<{ items: Reply[]; total: number }>(`/api/replies${params.size > 0 ? `?${params}` : ''}`);
    await out(page, () => (
      <>
        {replyTable(page.items)}
        <Text>{`${page.items.length} of ${page.total}`}</Text>
      </>
    ));
  };

  const replies = program.command('replies').description('your reply history');
  replies
    .command('list')
    .option('--status <status>', 'only replies in this status')
    .option('--page <n>', 'page', '1')
    .option('--limit <n>', '10, 25, 50 or 100', '25')
    .action((o: { status?: string; page: string; limit: string }) => listReplies({ status: o.status, page: o.page, limit: o.limit }));
  replies
    .command('search')
    .argument('<text>', 'words in the reply, the post or an account name')
    .option('--limit <n>', '10, 25, 50 or 100', '25')
    .action((text: string, o: { limit: string }) => listReplies({ search: text, limit: o.limit }));
  replies
    .command('resend')
    .description('send again a reply that did not go out (failed, or skipped by the scheduler)')
    .argument('<id>', 'the reply id')
    .action(async (id: string) => {
      const reply = await api().send<Reply>('POST', `/api/replies/${encodeURIComponent(id)}/resend`, {});
      await out(reply, () => <Message text={`${id} is sent again`} />);
    });

  const ready = program.command('ready').description('the assisted-delivery queue: replies ready for you to post on X');
  ready.command('list').action(async () => {
    const page = await api().get<{ items: Reply[] }>('/api/replies/ready');
    await out(page.items, () => (
      <Table
        columns={['id', 'target', 'from', 'post', 'expires', 'open in X']}
        rows={page.items.map((r) => [r.id, `@${r.targetUsername ?? '?'}`, `@${r.connectedUsername ?? '?'}`, postTimeWords(r, Date.now()) ?? '', local(r.expiresAt), r.intentUrl ?? ''])}
        empty="Nothing ready to send"
        max={120}
      />
    ));
  });
  ready
    .command('sent')
    .description('record that you posted it')
    .argument('<id>', 'the reply id')
    .option('--url <link>', 'the link of your reply on X (…/status/<id>)')
    .action(async (id: string, o: { url?: string }) => {
      const reply = await api().send<Reply>('POST', `/api/replies/${encodeURIComponent(id)}/mark-sent`, { replyUrl: o.url ?? null });
      await out(reply, () => <Message text={`${id} recorded as sent`} />);
    });
  ready
    .command('skip')
    .argument('<id>', 'the reply id')
    .action(async (id: string) => {
      const reply = await api().send<Reply>('POST', `/api/replies/${encodeURIComponent(id)}/skip`, {});
      await out(reply, () => <Message text={`${id} skipped`} tone="yellow" />);
    });
};
