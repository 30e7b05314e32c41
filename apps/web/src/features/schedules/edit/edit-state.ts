// The Edit Schedule dialog's state (pure): a schedule as the dialog shows it, and the PATCH edit
// (core/scheduling/schemas/edit.ts) that what the user changed makes. Only the parts that changed
// are sent: an edit of the text leaves the plan — and so the next run — as it was.
import type { WritingStyle } from '@core/styles';
import { formatDate, formatTime, localAt, requireZone, toMs, type PeakWindow, type RecurringType } from '@core/scheduling/time';
import type { ScheduleView } from '@core/scheduling/views';
import { SCHEDULE_MESSAGES as M } from '@core/scheduling/messages';
import { exactInstant, type ExactTime } from '@web/features/schedules/components/form/exact-time';
import type { ScheduleEdit } from '@web/features/schedules/api/schedules';

export type ContentKind = 'text' | 'template' | 'template_group' | 'ai';
/** The plan's kind: a one-time reply moves between a peak window and an exact time; the others keep theirs. */
export type WhenKind = 'one_time' | 'recurring' | 'auto' | 'immediate';

export type EditState = {
  contentKind: ContentKind;
  text: string;
  templateId: string;
  templateGroupId: string;
  style: WritingStyle;
  accountId: string;
  targetText: string;
  connectedAccountId: string;
  whenKind: WhenKind;
  /** One-time or a repeating peak window: the window (null with an exact time). */
  peakWindow: PeakWindow | null;
  /** One-time at an exact time, in the user's zone. */
  exact: ExactTime | null;
  /** Peak windows and recurring rules: how it repeats (null: once). */
  recurringType: RecurringType | null;
  /** Weekly: ISO weekdays 1 Monday ... 7 Sunday. */
  weeklyDays: number[];
  monthDay: number;
  /** A recurring rule's wall-clock time 'HH:MM' in the schedule's zone. */
  ruleTime: string;
  delayMinutes: string;
};

const local = (iso: string, zone: string) => localAt(toMs(iso), requireZone(zone));

export const initialEditState = (s: ScheduleView, zone: string): EditState => {
  const contentKind: ContentKind = s.templateGroupId ? 'template_group' : s.templateId ? 'template' : s.useAI ? 'ai' : 'text';
  const exactAt = s.scheduleType === 'scheduled' ? (s.scheduledTime ?? s.nextRunTime) : null;
  const at = exactAt === null ? null : local(exactAt, zone);
  const whenKind: WhenKind = s.scheduleType === 'recurring' ? 'recurring' : s.scheduleType === 'auto' ? 'auto' : s.scheduleType === 'immediate' ? 'immediate' : 'one_time';
  return {
    contentKind,
    text: s.content ?? '',
    templateId: s.templateId ?? '',
    templateGroupId: s.templateGroupId ?? '',
    style: (s.viralStyle ?? 'savage_comeback') as WritingStyle,
    accountId: s.accountId,
    targetText: `@${s.targetUsername ?? s.conditions.targetAccount ?? ''}`,
    connectedAccountId: s.connectedAccountId,
    whenKind,
    peakWindow: s.peakWindowType,
    exact: at === null ? null : { date: formatDate(at), time: formatTime(at) },
    recurringType: s.recurringType,
    weeklyDays: s.recurringType === 'weekly' ? [...(s.recurringDays ?? [])] : [1, 3, 5],
    monthDay: s.recurringType === 'monthly' ? (s.recurringDays?.[0] ?? 1) : 1,
    ruleTime: s.recurringTime ?? '09:00',
    delayMinutes: String(s.delayMinutes),
  };
};

const pattern = (s: EditState) => {
  switch (s.recurringType) {
    case null:
      return null;
    case 'daily':
      return { type: 'daily' as const };
    case 'weekly':
      return { type: 'weekly' as const, days: s.weeklyDays };
    case 'monthly':
      return { type: 'monthly' as const, days: [s.monthDay] };
  }
};

export type EditResult = { ok: true; edit: ScheduleEdit } | { ok: false; field: string; message: string };

const contentOf = (s: EditState): NonNullable<ScheduleEdit['content']> => {
  switch (s.contentKind) {
    case 'text':
      return { kind: 'text', text: s.text };
    case 'template':
      return { kind: 'template', templateId: s.templateId };
    case 'template_group':
      return { kind: 'template_group', templateGroupId: s.templateGroupId };
    case 'ai':
      return { kind: 'ai', style: s.style, baseText: s.text.trim() === '' ? null : s.text };
  }
};

/** The plan the state describes; an exact time is checked here (in the future), the rest by the server. */
const whenOf = (s: EditState, zone: string, now: Date): { ok: true; when: ScheduleEdit['when'] } | { ok: false; field: string; message: string } => {
  switch (s.whenKind) {
    case 'immediate':
      return { ok: true, when: undefined };
    case 'auto':
      return { ok: true, when: { kind: 'auto', delayMinutes: Number(s.delayMinutes) } };
    case 'recurring': {
      const p = pattern(s) ?? { type: 'daily' as const };
      return { ok: true, when: { kind: 'recurring', rule: { ...p, time: s.ruleTime } } };
    }
    case 'one_time': {
      if (s.exact !== null && s.recurringType === null) {
        const at = exactInstant(s.exact, zone, now);
        return at.ok ? { ok: true, when: { kind: 'once', at: at.at } } : { ok: false, field: 'when', message: at.message };
      }
      if (s.peakWindow === null) return { ok: false, field: 'when', message: M.peakWindowRequired };
      return { ok: true, when: { kind: 'peak', window: s.peakWindow, recurrence: pattern(s) } };
    }
  }
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The edit of what changed from `initial` to `s`; an empty edit when nothing did. */
export function editOf(initial: EditState, s: EditState, zone: string, now: Date): EditResult {
  const edit: ScheduleEdit = {};
  if (!same(contentOf(initial), contentOf(s))) edit.content = contentOf(s);
  if (initial.accountId !== s.accountId) edit.accountId = s.accountId;
  if (initial.connectedAccountId !== s.connectedAccountId) edit.connectedAccountId = s.connectedAccountId;
  const planFields = (x: EditState) => [x.whenKind, x.peakWindow, x.exact, x.recurringType, x.weeklyDays, x.monthDay, x.ruleTime, x.delayMinutes];
  if (!same(planFields(initial), planFields(s))) {
    const when = whenOf(s, zone, now);
    if (!when.ok) return when;
    if (when.when !== undefined) edit.when = when.when;
  }
  return { ok: true, edit };
}

/** The edit a drop on the calendar makes: the same schedule, once at `at`. */
export const movedTo = (at: string): ScheduleEdit => ({ when: { kind: 'once', at } });
