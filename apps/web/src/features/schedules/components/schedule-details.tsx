// The admin-only details row of the Schedules table (spec part 2 §2, §6): everything the schedule
// carries, with weekly days in the details numbering (0 Sunday ... 6 Saturday).
import type { ScheduleView } from '@core/scheduling/views';
import { contentSummary, peakLabel, styleLabel } from '@web/features/schedules/schedule-view';
import { formatDateTime } from '@web/lib/time-format';
import { detailsWeekdays } from '@web/features/schedules/schedule-display';

const when = (iso: string | null, zone: string) => (iso ? formatDateTime(iso, zone) : '—');

function recurrence(s: ScheduleView): string {
  if (!s.isRecurring || !s.recurringType) return 'One time';
  const days = s.recurringDays ?? [];
  const at = s.recurringTime ? ` at ${s.recurringTime} ${s.timeZone}` : '';
  if (s.recurringType === 'weekly') return `weekly on ${detailsWeekdays(days)}${at}`;
  if (s.recurringType === 'monthly') return `monthly on day ${days.join(', ')}${at}`;
  return `daily${at}`;
}

export function ScheduleDetails({ s, zone }: { s: ScheduleView; zone: string }) {
  const rows: [string, string][] = [
    ['Schedule id', s.id],
    ['Type', s.scheduleType + (s.scheduleType === 'auto' ? ` (after ${s.delayMinutes} min)` : '')],
    ['Recurrence', recurrence(s)],
    ['UTC time of the next run', s.recurringHour === null ? '—' : `${String(s.recurringHour).padStart(2, '0')}:${String(s.recurringMinute ?? 0).padStart(2, '0')}`],
    ['Peak window', peakLabel(s) ?? '—'],
    ['Content', contentSummary(s) || '—'],
    ['AI', s.useAI ? `on, ${styleLabel(s.viralStyle) ?? 'default style'}` : 'off'],
    ['Image', s.imageUrl ?? (s.conditions.imageIncluded ? 'included' : 'none')],
    ['Target account', s.conditions.targetAccount ?? s.targetUsername ? `@${s.conditions.targetAccount ?? s.targetUsername}` : '—'],
    ['Zone of the schedule', s.timeZone],
    ['Active / executed', `${s.isActive ? 'active' : 'inactive'} / ${s.isExecuted ? 'executed' : 'not executed'}`],
    ['Runs', `${s.runCount}${s.lastRunOutcome ? `, last: ${s.lastRunOutcome}` : ''}`],
    ['Last executed', when(s.lastExecutedAt, zone)],
    ['Created', when(s.createdAt, zone)],
    ['Updated', when(s.updatedAt, zone)],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]" data-testid="schedule-details">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="min-w-0 break-words">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
