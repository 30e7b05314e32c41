import { describe, expect, it } from 'vitest';
import { CSV_HEADER, exportLosses, exportRows, formatCsv, parseCsv, rowsToPayloads } from './csv';

const names = { targets: new Map([['bbcbreaking', 't1']]), accounts: new Map([['me', 'c1']]) };

describe('schedules CSV', () => {
  it('reads quoted fields (commas, quotes, line breaks) and the line each record starts on', () => {
    const records = parseCsv('a,b\n"x, y","say ""hi""\nthere"\nlast,1\n');
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"\nthere'] },
      { line: 4, fields: ['last', '1'] },
    ]);
  });

  it('checks every row with the shared schema and names line and column', () => {
    const text = `${CSV_HEADER}\n@BBCBreaking,me,2030-01-02,10:30,once,Hello,false,\nnobody,me,2030-01-02,25:99,sometimes,,maybe,\n@bbcbreaking,me,2030-01-02,10:30,once,Again,false,\n`;
    const { entries, errors } = rowsToPayloads(text, names);
    // Line 4 parses but repeats line 2's target in the same frame: refused, so nothing is sent.
    expect(entries.map((e) => e.line)).toEqual([2, 4]);
    expect(errors).toEqual([
      { line: 3, field: 'target', message: "No monitored account named 'nobody' that you may use" },
      { line: 3, field: 'repeat', message: 'Repeat must be once, daily, weekly or monthly' },
      { line: 3, field: 'ai', message: 'ai must be true or false' },
      { line: 4, field: 'target', message: expect.stringContaining('(as line 2)') },
    ]);
  });

  it('refuses a file without the header on line 1', () => {
    expect(rowsToPayloads('target,account\n', names).errors).toEqual([{ line: 1, field: 'header', message: expect.stringContaining(CSV_HEADER) }]);
  });

  it('exports in the import format, in the user zone, sorted by when each runs', () => {
    const base = { accountName: 'me', nextRunTime: null, isRecurring: false, recurringType: null, recurringTime: null, useAI: false, viralStyle: null, timeZone: 'Europe/Madrid', scheduleType: 'one_time' };
    const csv = formatCsv(
      exportRows([
        { ...base, targetUsername: 'b', scheduledTime: '2030-01-02T09:30:00.000Z', content: 'Second, later' },
        { ...base, targetUsername: 'a', scheduledTime: '2030-01-01T09:30:00.000Z', content: 'First' },
      ]),
    );
    expect(csv).toBe(`${CSV_HEADER}\na,me,2030-01-01,10:30,once,First,false,\nb,me,2030-01-02,10:30,once,"Second, later",false,\n`);
  });

  it("exports a repeating schedule with its next run's day, so a weekly or monthly rule keeps its day when imported again", () => {
    const weekly = {
      targetUsername: 'BBCBreaking',
      accountName: 'me',
      scheduledTime: null,
      // A Thursday 09:30 in Madrid (08:30 UTC in winter).
      nextRunTime: '2030-01-03T08:30:00.000Z',
      isRecurring: true,
      recurringType: 'weekly',
      recurringTime: '09:30',
      content: 'Every Thursday',
      useAI: false,
      viralStyle: null,
      timeZone: 'Europe/Madrid',
      scheduleType: 'recurring',
    };
    const csv = formatCsv(exportRows([weekly]));
    expect(csv).toBe(`${CSV_HEADER}\nBBCBreaking,me,2030-01-03,09:30,weekly,Every Thursday,false,\n`);
    const { entries, errors } = rowsToPayloads(csv, names);
    expect(errors).toEqual([]);
    expect(entries[0]?.payload).toMatchObject({ isRecurring: true, recurringType: 'weekly', scheduledDate: '2030-01-03', customHour: 9, customMinute: 30 });
  });

  it('says on stderr, not silently, when a rule on several weekdays keeps one day in the CSV', () => {
    const base = { targetUsername: 'sama', accountName: 'me', scheduledTime: null, nextRunTime: '2030-01-03T08:30:00.000Z', isRecurring: true, recurringTime: '09:30', content: 'Hi', useAI: false, viralStyle: null, timeZone: 'Europe/Madrid', scheduleType: 'recurring' };
    expect(exportLosses([{ ...base, recurringType: 'weekly', recurringDays: [1, 4] }])).toEqual([
      '@sama from @me runs weekly on Monday, Thursday: the CSV keeps one day (2030-01-03); importing it gives a rule on that day only',
    ]);
    expect(exportLosses([{ ...base, recurringType: 'weekly', recurringDays: [4] }, { ...base, recurringType: 'daily', recurringDays: null }])).toEqual([]);
  });
});
