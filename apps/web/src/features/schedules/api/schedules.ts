// Schedules as the forms create, list and remove them (spec part 2 §7): the classic variant of
// POST /api/schedules, the V2 calls, the bulk batch and DELETE. Actions raise the toasts of §8 and
// refresh the lists; they rethrow the ApiError so a form can mark the field the server blamed.
import useSWR, { mutate } from 'swr';
import type { z } from 'zod';
import type { BulkEntryPayloadInput, classicSchedulePayloadSchema, v2ScheduleSchema } from '@core/scheduling/schemas';
import type { scheduleEditSchema } from '@core/scheduling/schemas/edit';
import { SCHEDULE_MESSAGES as M } from '@core/scheduling/messages';
import type { TemplateSchedulePayloadInput } from '@core/scheduling/form-payload';
import type { ScheduleReplyView, ScheduleView } from '@core/scheduling/views';
import { toastScheduled } from '@web/features/schedules/components/composer/scheduled-toast';
import { toast } from '@web/components/ui/use-toast';
import { apiCreate, apiRequest, errorMessage, StaleRevisionError } from '@web/lib/api';

export const SCHEDULES_KEY = '/api/schedules';
export const V2_SCHEDULES_KEY = '/api/v2/schedules';

/** A schedule as the lists answer it: the server's view (core/scheduling/views.ts). */
export type ScheduleItem = ScheduleView;
export type { ScheduleReplyView };

export type ClassicPayload = z.input<typeof classicSchedulePayloadSchema>;
export type V2Payload = z.input<typeof v2ScheduleSchema>;
export type BulkPayload = BulkEntryPayloadInput;
export type TemplatePayload = TemplateSchedulePayloadInput;

const asList = (data: ScheduleItem[] | { schedules: ScheduleItem[] } | undefined): ScheduleItem[] =>
  Array.isArray(data) ? data : (data?.schedules ?? []);

/** GET /api/v2/schedules -> {schedules}. */
export function useV2Schedules() {
  const swr = useSWR<{ schedules: ScheduleItem[] }, Error>(V2_SCHEDULES_KEY);
  return { ...swr, schedules: asList(swr.data) };
}

/** GET /api/schedules: every schedule of the user (the calendar). */
export function useSchedules() {
  const swr = useSWR<ScheduleItem[] | { schedules: ScheduleItem[] }, Error>(SCHEDULES_KEY);
  return { ...swr, schedules: asList(swr.data) };
}

/** Both lists show the same schedules: any change refreshes both, and the trial's counts (what is ahead). */
export const refreshSchedules = () => Promise.all([mutate(SCHEDULES_KEY), mutate(V2_SCHEDULES_KEY), mutate('/api/user/trial-status')]);

/** A schedule that repeats another's text (core/scheduling/identical.ts): made, and said so. */
export type ScheduleWarning = { kind: 'identical' | 'same_text'; scheduleId: string; otherScheduleId: string; message: string };

/** Tells the user which of the schedules just made repeat a text X would refuse. */
export const showWarnings = (warnings: readonly ScheduleWarning[] | undefined): void => {
  if (warnings === undefined || warnings.length === 0) return;
  const first = warnings[0] as ScheduleWarning;
  const more = warnings.length > 1 ? ` (${warnings.length} schedules in all)` : '';
  toast({ title: first.kind === 'identical' ? 'Identical schedule' : 'Repeated text', description: `${first.message}${more}`, duration: 15_000 });
};

const failed = (err: unknown, fallback: string): never => {
  // A stale save is the form's to settle (components/changed-elsewhere.tsx), not an error.
  if (!(err instanceof StaleRevisionError)) toast({ title: 'Error', description: errorMessage(err, fallback), variant: 'destructive' });
  throw err;
};

async function postSchedule(payload: ClassicPayload | TemplatePayload, fallback: string): Promise<ScheduleItem> {
  try {
    const created = await apiCreate<ScheduleItem & { warnings?: ScheduleWarning[] }>(SCHEDULES_KEY, payload);
    showWarnings(created.warnings);
    await refreshSchedules();
    return created;
  } catch (err) {
    return failed(err, fallback);
  }
}

/** The classic page (and the calendar's compose panel): POST /api/schedules, classic variant. */
export const createClassicSchedule = (payload: ClassicPayload): Promise<ScheduleItem> => postSchedule(payload, 'Failed to schedule reply.');

/** The Schedules page's New Schedule dialog: POST /api/schedules, template variant. */
export const createTemplateSchedule = (payload: TemplatePayload): Promise<ScheduleItem> => postSchedule(payload, M.createFailed);

export type V2Answer = { success: boolean; message: string; schedule?: ScheduleItem; warnings?: ScheduleWarning[] };

/** POST /api/v2/schedule -> {success, message}. */
export async function createV2Schedule(payload: V2Payload): Promise<V2Answer> {
  try {
    const answer = await apiCreate<V2Answer>('/api/v2/schedule', payload);
    if (answer && answer.success === false) throw new Error(answer.message || 'Failed to schedule reply.');
    showWarnings(answer.warnings);
    await refreshSchedules();
    return answer;
  } catch (err) {
    return failed(err, 'An error occurred while scheduling the reply.');
  }
}

export const scheduleUrl = (id: string) => `${SCHEDULES_KEY}/${encodeURIComponent(id)}`;

/** What an edit sends (core/scheduling/schemas/edit.ts): each part named replaces the schedule's. */
export type ScheduleEdit = z.input<typeof scheduleEditSchema>;

/** The schedule's own page holds it by itself: a write's answer goes there as read (with its revision). */
export const storeSchedule = async (view: ScheduleItem) => {
  await mutate(scheduleUrl(view.id), view, { revalidate: false });
  await refreshSchedules();
};

/**
 * PATCH /api/schedules/{id} with an edit; `basedOn`: the schedule as the page read it (its revision
 * goes out as If-Match). `quiet` leaves the toast to the caller (the calendar's drop says it inline).
 */
export async function editSchedule(id: string, edit: ScheduleEdit, basedOn?: ScheduleItem, quiet = false): Promise<ScheduleItem> {
  try {
    const saved = await apiRequest<ScheduleItem & { mentionsRemoved: string[] }>('PATCH', scheduleUrl(id), edit, { basedOn });
    if (!quiet) toast({ title: M.updated, description: M.updatedDescription });
    await storeSchedule(saved);
    return saved;
  } catch (err) {
    if (quiet) throw err;
    return failed(err, M.updateFailed);
  }
}

/** Pause (no runs until resumed) or resume (from the next run still ahead). */
export async function setSchedulePaused(id: string, paused: boolean, basedOn?: ScheduleItem): Promise<ScheduleItem> {
  try {
    const saved = await apiRequest<ScheduleItem>('POST', `${scheduleUrl(id)}/${paused ? 'pause' : 'resume'}`, undefined, { basedOn });
    toast({ title: paused ? M.paused : M.resumed, description: paused ? M.pausedDescription : M.resumedDescription });
    await storeSchedule(saved);
    return saved;
  } catch (err) {
    return failed(err, paused ? M.pauseFailed : M.resumeFailed);
  }
}

/** DELETE /api/schedules/{id} (204); pending schedules only, executed ones are refused by the server. */
export async function deleteSchedule(id: string, basedOn?: ScheduleItem): Promise<void> {
  try {
    await apiRequest('DELETE', scheduleUrl(id), undefined, { basedOn });
    toast({ title: M.deleted, description: M.deletedDescription });
    await refreshSchedules();
  } catch (err) {
    failed(err, M.deleteFailed);
  }
}

export type BulkAnswer = { success?: boolean; created?: number; schedules?: ScheduleItem[]; message?: string; warnings?: ScheduleWarning[] };

/** POST /api/bulk-replies/batch: every entry or none. */
export async function scheduleBulkBatch(entries: BulkPayload[]): Promise<BulkAnswer> {
  try {
    const answer = await apiCreate<BulkAnswer>('/api/bulk-replies/batch', { entries });
    const count = answer?.created ?? answer?.schedules?.length ?? entries.length;
    toastScheduled({ title: M.bulkScheduled, description: `${count} ${count === 1 ? 'reply has' : 'replies have'} been scheduled`, batch: true });
    showWarnings(answer?.warnings);
    await refreshSchedules();
    return answer;
  } catch (err) {
    return failed(err, M.bulkFailed);
  }
}

/** GET /api/schedules/{id} and its replies (latest first): a schedule's page. */
export function useScheduleWithReplies(id: string) {
  const schedule = useSWR<ScheduleItem, Error>(scheduleUrl(id));
  const replies = useSWR<ScheduleReplyView[], Error>(schedule.data ? `${scheduleUrl(id)}/replies` : null);
  return { schedule, replies };
}
