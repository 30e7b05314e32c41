// The schedules feature's public surface: the schedule and account API (hooks, actions, types),
// the read helpers for showing a schedule, and the form fields every schedule form shares. The
// schedule forms and the calendar import these from here, never from the files behind it
// (eslint.config.js enforces it).
export { autoConnect, accountLabel, useTargetAccounts, useXAccounts, type TargetAccount, type XAccount } from './api/accounts';
export {
  createClassicSchedule,
  createV2Schedule,
  deleteSchedule,
  editSchedule,
  scheduleBulkBatch,
  SCHEDULES_KEY,
  useSchedules,
  useV2Schedules,
  type BulkPayload,
  type ClassicPayload,
  type ScheduleItem,
  type V2Payload,
} from './api/schedules';
export { movedTo } from './edit/edit-state';
export { ScheduleEditActions, isEditable } from './edit/schedule-edit-actions';
export { statusBadge } from './schedule-display';
export { contentSummary, dayHeading, groupByDay, isPending, peakLabel, placedAt, recurrenceLabel, styleLabel } from './schedule-view';
export { ContentCounter, limitFor, overLimit } from './components/form/content-counter';
export { WeekdayToggles } from './components/form/day-toggles';
export { RecurringOptions } from './components/form/recurring-options';
export { PeakWindowPicker } from './components/form/peak-window-picker';
export { TimePicker } from './components/form/time-picker';
export { exactInstant, type ExactTime } from './components/form/exact-time';
export { PostRuleField, effectivePostChoice, postChoiceFields } from './components/form/post-rule-field';
export { TargetCombobox } from './components/form/target-combobox';
export { XAccountSelect } from './components/form/x-account-select';
export { MentionWarning } from './components/composer/mention-warning';
export { VariationsNote } from '@web/components/variations-note';
export { ReplyPreview } from './components/composer/reply-preview';
export { toastScheduled } from './components/composer/scheduled-toast';
export { AutoReplyField, AutoEstimate, AUTO_OFF, autoFields, autoScheduledWords, type AutoChoice } from './components/form/auto-reply-field';
