/**
 * The schedules CSV of `riposte schedules import` and `export` (documented in docs/api.md):
 *
 *   target,account,date,time,repeat,text,ai,style
 *
 *   target   the monitored account answered (username, '@' optional)
 *   account  your connected X account that posts (username, '@' optional)
 *   date     YYYY-MM-DD, in your time zone (one-time: the day; repeating: the first day, optional;
 *            a weekly or monthly rule runs on that day's weekday or day of the month. Export
 *            writes a repeating schedule's next run here, so its days survive a round trip)
 *   time     HH:MM, 24-hour, in your time zone
 *   repeat   once, daily, weekly or monthly
 *   text     the reply (may be empty when ai is true: the AI answers the post)
 *   ai       true or false
 *   style    the AI's viral style when ai is true (empty: the default)
 *
 * RFC 4180 quoting (fields with commas, quotes or line breaks in double quotes). A row is checked
 * with the same zod schema the server uses for a bulk entry, and every problem is reported with
 * its line number and column. Export writes the same columns, sorted by when each schedule runs.
 */
import { DateTime } from 'luxon';
import { bulkEntryPayloadSchema, findBulkDuplicates, SCHEDULE_MESSAGES, type BulkEntryPayload } from '@core/scheduling';
import type { LineError } from './errors';

export const CSV_COLUMNS = ['target', 'account', 'date', 'time', 'repeat', 'text', 'ai', 'style'] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
export const CSV_HEADER = CSV_COLUMNS.join(',');

export interface CsvRecord {
  /** The line the record starts on (1 is the header). */
  line: number;
  fields: string[];
}

/** Records with the line each starts on; a quoted field may span lines. */
export const parseCsv = (text: string): CsvRecord[] => {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let touched = false;
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const endRecord = () => {
    fields.push(field);
    if (touched || fields.length > 1 || fields[0] !== '') records.push({ line: start, fields });
    fields = [];
    field = '';
    touched = false;
  };
  for (let i = 0; i < src.length; i += 1) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line += 1;
        field += c;
      }
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      touched = true;
    } else if (c === ',') {
      fields.push(field);
      field = '';
      touched = true;
    } else if (c === '\r' && src[i + 1] === '\n') continue;
    else if (c === '\n') {
      endRecord();
      line += 1;
      start = line;
    } else field += c;
  }
  if (field !== '' || fields.length > 0 || touched) endRecord();
  return records;
};

const quote = (value: string): string => (/[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value);

export const formatCsv = (rows: readonly Record<CsvColumn, string>[]): string =>
  [CSV_HEADER, ...rows.map((r) => CSV_COLUMNS.map((c) => quote(r[c])).join(','))].join('\n') + '\n';

/** Username → id, compared without '@' and case. */
export type NameIndex = ReadonlyMap<string, string>;
export const nameKey = (name: string): string => name.trim().replace(/^@/, '').toLowerCase();

const TIME = /^(\d{1,2}):(\d{2})$/;
const BOOL: Record<string, boolean> = { true: true, false: false, yes: true, no: false, '1': true, '0': false, '': false };
const REPEATS = ['once', 'daily', 'weekly', 'monthly'] as const;

/** The payload field a server or schema error names, as the CSV column a person would fix. */
const COLUMN_OF: Record<string, CsvColumn> = {
  accountId: 'target',
  connectedAccountId: 'account',
  scheduledDate: 'date',
  scheduledTime: 'time',
  customHour: 'time',
  customMinute: 'time',
  recurringType: 'repeat',
  isRecurring: 'repeat',
  customReplyText: 'text',
  useAI: 'ai',
  viralStyle: 'style',
};
export const columnOf = (payloadField: string): string => COLUMN_OF[payloadField] ?? payloadField;

export interface ParsedFile {
  entries: { line: number; payload: BulkEntryPayload }[];
  errors: LineError[];
}

/** Every row checked; `onRow` is told how far it has come (the progress bar). */
export const rowsToPayloads = (text: string, names: { targets: NameIndex; accounts: NameIndex }, onRow: (done: number, total: number) => void = () => {}): ParsedFile => {
  const records = parseCsv(text);
  const errors: LineError[] = [];
  const header = records[0];
  if (header === undefined || header.fields.map((f) => f.trim().toLowerCase()).join(',') !== CSV_HEADER) {
    return { entries: [], errors: [{ line: 1, field: 'header', message: `The first line must be the header: ${CSV_HEADER}` }] };
  }
  const rows = records.slice(1);
  if (rows.length === 0) errors.push({ line: 2, field: 'file', message: SCHEDULE_MESSAGES.noEntries });
  const entries: { line: number; payload: BulkEntryPayload }[] = [];
  rows.forEach((record, index) => {
    const { line, fields } = record;
    const at = (field: string, message: string) => errors.push({ line, field, message });
    onRow(index + 1, rows.length);
    if (fields.length !== CSV_COLUMNS.length) return at('row', `Expected ${CSV_COLUMNS.length} columns (${CSV_HEADER}), found ${fields.length}`);
    const v = Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, fields[i] ?? ''])) as Record<CsvColumn, string>;
    const before = errors.length;
    const accountId = names.targets.get(nameKey(v.target));
    if (accountId === undefined) at('target', v.target.trim() === '' ? SCHEDULE_MESSAGES.accountRequired : `No monitored account named '${v.target.trim()}' that you may use`);
    const connectedAccountId = names.accounts.get(nameKey(v.account));
    if (connectedAccountId === undefined) at('account', v.account.trim() === '' ? SCHEDULE_MESSAGES.connectedAccountRequired : `No connected X account named '${v.account.trim()}'`);
    const time = TIME.exec(v.time.trim());
    if (time === null) at('time', 'Time must be HH:MM (24-hour)');
    const repeat = v.repeat.trim().toLowerCase() || 'once';
    if (!(REPEATS as readonly string[]).includes(repeat)) at('repeat', 'Repeat must be once, daily, weekly or monthly');
    const ai = BOOL[v.ai.trim().toLowerCase()];
    if (ai === undefined) at('ai', 'ai must be true or false');
    if (errors.length > before) return;
    const parsed = bulkEntryPayloadSchema.safeParse({
      accountId,
      connectedAccountId,
      templateSourceType: 'custom',
      isRecurring: repeat !== 'once',
      ...(repeat === 'once' ? {} : { recurringType: repeat }),
      scheduledDate: v.date.trim() === '' ? null : v.date.trim(),
      scheduledTime: 'custom',
      useCustomTime: true,
      customHour: Number(time?.[1]),
      customMinute: Number(time?.[2]),
      useAI: ai,
      customReplyText: v.text,
      ...(v.style.trim() === '' ? {} : { viralStyle: v.style.trim() }),
    });
    if (!parsed.success) {
      // One problem per column (an hour and a minute out of range are one bad time).
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const column = columnOf(String(issue.path[0] ?? 'row'));
        if (!seen.has(column)) at(column, issue.message);
        seen.add(column);
      }
      return;
    }
    entries.push({ line, payload: parsed.data });
  });
  for (const d of findBulkDuplicates(entries.map((e) => e.payload))) {
    errors.push({ line: entries[d.index]!.line, field: 'target', message: `${SCHEDULE_MESSAGES.duplicateTarget} (as line ${entries[d.duplicateOf]!.line})` });
  }
  errors.sort((a, b) => a.line - b.line);
  return { entries, errors };
};

/** What `export` needs of a schedule (the API's ScheduleView). */
export interface ExportedSchedule {
  targetUsername: string | null;
  accountName: string | null;
  scheduledTime: string | null;
  nextRunTime: string | null;
  isRecurring: boolean;
  recurringType: string | null;
  recurringTime: string | null;
  /** Weekly: ISO weekdays; monthly: days of the month (several only from the schedules dialog). */
  recurringDays?: number[] | null;
  content: string | null;
  useAI: boolean;
  viralStyle: string | null;
  timeZone: string;
  scheduleType: string;
}

const localDay = (iso: string | null, zone: string): string => (iso === null ? '' : DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone).toFormat('yyyy-MM-dd'));

export const scheduleToRow = (s: ExportedSchedule): Record<CsvColumn, string> => {
  const at = s.scheduledTime === null ? null : DateTime.fromISO(s.scheduledTime, { zone: 'utc' }).setZone(s.timeZone);
  return {
    target: s.targetUsername ?? '',
    account: s.accountName ?? '',
    // Repeating: the next run's day, the first day on import (a weekly or monthly rule's anchor).
    date: s.isRecurring ? localDay(s.nextRunTime, s.timeZone) : at === null ? '' : at.toFormat('yyyy-MM-dd'),
    time: s.isRecurring ? (s.recurringTime ?? '') : at === null ? '' : at.toFormat('HH:mm'),
    repeat: s.isRecurring ? (s.recurringType ?? 'daily') : 'once',
    text: s.content ?? '',
    ai: s.useAI ? 'true' : 'false',
    style: s.useAI ? (s.viralStyle ?? '') : '',
  };
};

/** Sorted by when each runs (one-time time, else next run), then target, account and text. */
export const exportRows = (schedules: readonly ExportedSchedule[]): Record<CsvColumn, string>[] =>
  [...schedules]
    .map((s) => ({ when: s.scheduledTime ?? s.nextRunTime ?? '', row: scheduleToRow(s) }))
    .sort((a, b) => a.when.localeCompare(b.when) || a.row.target.localeCompare(b.row.target) || a.row.account.localeCompare(b.row.account) || a.row.text.localeCompare(b.row.text))
    .map((x) => x.row);

const WEEKDAYS = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** What a row cannot carry: a rule on several days keeps only its next one (said on stderr, never silently). */
export const exportLosses = (schedules: readonly ExportedSchedule[]): string[] =>
  schedules
    .filter((s) => s.isRecurring && (s.recurringDays?.length ?? 0) > 1)
    .map((s) => {
      const days = (s.recurringDays ?? []).map((d) => (s.recurringType === 'weekly' ? (WEEKDAYS[d] ?? String(d)) : String(d))).join(', ');
      const row = scheduleToRow(s);
      return `@${row.target} from @${row.account} runs ${s.recurringType} on ${days}: the CSV keeps one day (${row.date}); importing it gives a rule on that day only`;
    });
