// How a listed schedule reads on screen: when it runs, its recurrence and its content. Shared by
// V2's list and the calendar.
import { PEAK_WINDOW_DEFINITIONS, PEAK_WINDOWS, type PeakWindow } from '@core/scheduling/time';
import { styleDefinition, isWritingStyle } from '@core/styles';
import type { ScheduleItem } from '@web/features/schedules/api/schedules';
import { weekdayNames } from '@web/features/schedules/components/form/day-toggles';
import { localDayKey } from '@web/lib/time-format';

/** The instant a schedule is placed at: its next run, else its last run, else its creation. */
export const placedAt = (s: ScheduleItem): string => s.nextRunTime ?? s.lastExecutedAt ?? s.scheduledTime ?? s.createdAt;

export const isPending = (s: ScheduleItem): boolean => !s.isExecuted && s.status !== 'executed';

/** ISO weekdays of a weekly schedule (the list answers them 1 Monday ... 7 Sunday). */
export const isoRecurringDays = (s: ScheduleItem): number[] => (s.recurringType === 'weekly' ? (s.recurringDays ?? []) : []);

export function recurrenceLabel(s: ScheduleItem): string | null {
  if (!s.isRecurring || !s.recurringType) return null;
  switch (s.recurringType) {
    case 'daily':
      return 'Daily';
    case 'weekly': {
      const days = isoRecurringDays(s);
      return days.length > 0 ? `Weekly · ${weekdayNames(days, 'iso')}` : 'Weekly';
    }
    case 'monthly': {
      const days = s.recurringDays ?? [];
      return days.length > 0 ? `Monthly · day ${days.join(', ')}` : 'Monthly';
    }
  }
}

export const peakLabel = (s: ScheduleItem): string | null =>
  s.peakWindowType && (PEAK_WINDOWS as readonly string[]).includes(s.peakWindowType) ? PEAK_WINDOW_DEFINITIONS[s.peakWindowType as PeakWindow].label : null;

export const styleLabel = (style: string | null): string | null => (style && isWritingStyle(style) ? styleDefinition(style).label : style);

/** The text the schedule posts, or what the AI will write. */
export function contentSummary(s: ScheduleItem): string {
  const text = (s.content ?? s.conditions?.content)?.trim();
  if (text) return text;
  if (s.useAI) return `AI reply in the ${styleLabel(s.viralStyle) ?? 'chosen'} style`;
  if (s.templateGroupId) return `Templates of the group ${s.templateGroupName ?? ''}`.trim();
  if (s.templateId) return `Template ${s.templateName ?? ''}`.trim();
  return '';
}

export type DayGroup = { key: string; items: ScheduleItem[] };

/** Schedules grouped by the local day they are placed at, days and items in time order. */
export function groupByDay(items: readonly ScheduleItem[], zone: string): DayGroup[] {
  const sorted = [...items].sort((a, b) => Date.parse(placedAt(a)) - Date.parse(placedAt(b)));
  const groups = new Map<string, ScheduleItem[]>();
  for (const s of sorted) {
    const key = localDayKey(placedAt(s), zone);
    const list = groups.get(key) ?? [];
    list.push(s);
    groups.set(key, list);
  }
  return [...groups].map(([key, list]) => ({ key, items: list }));
}

/** 'Today', 'Tomorrow', 'Yesterday' or 'Tuesday, March 4' for a 'YYYY-MM-DD' day. */
export function dayHeading(key: string, zone: string, now: Date): string {
  const today = localDayKey(now, zone);
  const shift = (days: number) => localDayKey(new Date(now.getTime() + days * 86_400_000), zone);
  if (key === today) return 'Today';
  if (key === shift(1)) return 'Tomorrow';
  if (key === shift(-1)) return 'Yesterday';
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  // Noon UTC of that civil day names the same day in every zone's calendar.
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d, 12));
}
