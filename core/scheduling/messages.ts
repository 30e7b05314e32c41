/**
 * Every message of the scheduling forms and calls (spec part 2 §5, §8), in one place so the web
 * forms, the API and the CLI say the same thing. Messages the spec does not give (marked "ours")
 * follow its wording.
 */
export const SCHEDULE_MESSAGES = {
  // Schedule form (template based), spec §5
  templateSourceRequired: 'Please select template source type',
  accountRequired: 'Please select an account',
  connectedAccountRequired: 'Please select your X account to post from',
  timeOfDayRequired: 'Please select a time of day',
  customTimeIncomplete: 'Please provide both hour and minute for custom time',
  templateRequired: 'Please select a template or template group',
  weekdaysRequired: 'Please select at least one day of the week',
  dateRequired: 'Please select a date',
  mustBeFuture: 'Scheduled time must be in the future',
  dateBeforeToday: 'Date cannot be before today', // ours: the spec states the rule without a message
  missingDateOrTime: 'Missing date or time information',
  missingDate: 'Missing date information',
  templateOrGroupRequired: 'Either a template or template group must be selected',
  hourRange: 'Hour must be between 0 and 23', // ours
  minuteRange: 'Minute must be between 0 and 59', // ours
  localTimeFormat: 'Time must be HH:MM on a 24-hour clock', // ours: recurringTime

  // Classic form, spec §5
  classicAccountRequired: 'Please select your X account',
  targetAccountRequired: 'Please enter a target account',
  contentRequired: 'Reply content is required',
  contentTooLong: 'Reply content cannot exceed 25000 characters',
  peakWindowRequired: 'Please select when to reply', // ours
  exactTimeInvalid: 'Please choose a date and time', // ours
  exactTimeOneTime: 'An exact time is for one-time replies; a recurring reply goes out at a peak window', // ours
  recurringTypeRequired: 'Please select how often to repeat', // ours
  monthDaysRequired: 'Please select at least one day of the month', // ours
  weekdayRange: 'Days of the week must be numbers from 0 (Sunday) to 6 (Saturday)', // ours, classic numbering
  isoWeekdayRange: 'Days of the week must be numbers from 1 (Monday) to 7 (Sunday)', // ours, form numbering
  monthDayRange: 'Days of the month must be numbers from 1 to 31', // ours
  fileTooLargeTitle: 'File too large',
  imageTooLarge: 'Image must be less than 5MB',

  // V2 form, spec §5
  v2AccountRequired: 'Account required',
  v2ConnectedAccountRequired: 'Connected account required',
  v2ContentRequired: 'Content required',
  invalidFileType: 'Invalid file type',
  fileTooLarge: 'File too large',
  styleRequired: 'Please select a viral style', // ours: AI on without a style
  imageUrlInvalid: 'Image must be an image you uploaded to Riposte', // ours, as templates

  // Bulk, spec §5 and §8
  duplicateTarget: 'Duplicate target account',
  noAvailableTargets: 'No available target accounts',
  mentionsNotAllowed: 'Direct @mentions are not allowed in replies to prevent unsolicited tagging.',
  noEntries: 'Add at least one reply to schedule', // ours: the page disables the button instead
  tooManyEntries: 'A batch holds at most 100 replies; schedule the rest in another batch', // ours: BULK_BATCH_MAX
  bulkScheduled: 'Bulk replies scheduled',
  bulkFailed: 'Failed to schedule bulk replies',

  // Auto schedules (ours)
  delayRange: 'Delay must be between 0 and 1440 minutes',
  autoHasNoTime: 'An auto reply answers each new post of the account: it takes a delay, not a time, a repeat or a post choice',

  // Decider refusals
  notFound: 'Schedule not found',
  executedCannotBeDeleted: 'Executed schedules cannot be deleted',
  executedCannotBeMoved: 'Executed schedules cannot be moved to another account',
  executedCannotBeEdited: 'Executed schedules cannot be edited', // ours
  executedCannotBePaused: 'Executed schedules cannot be paused or resumed', // ours
  runInProgress: 'A reply of this schedule is being prepared right now; try again in a minute', // ours
  timePassedWhilePaused: 'Its time passed while it was paused: pick a new time to resume it', // ours
  scheduleExists: 'A schedule with this id already exists',
  notActive: 'This schedule is no longer active',
  runNotDue: 'This run of the schedule is not due', // ours: a claim of another slot than the current one
  runClaimed: 'This run is being handled by another scheduler', // ours

  // Toasts, spec §8
  created: 'Schedule created',
  deleted: 'Schedule deleted',
  deletedDescription: 'The scheduled reply has been deleted',
  createFailed: 'Failed to schedule reply',
  deleteFailed: 'Failed to delete scheduled reply',
  // Ours: the edit, pause and resume of a schedule (the spec has no such toasts).
  updated: 'Schedule updated',
  updatedDescription: 'The next runs follow the change',
  updateFailed: 'Failed to update the schedule',
  paused: 'Schedule paused',
  pausedDescription: 'No replies go out until you resume it',
  resumed: 'Schedule resumed',
  resumedDescription: 'It runs again from its next time ahead',
  pauseFailed: 'Failed to pause the schedule',
  resumeFailed: 'Failed to resume the schedule',
  moved: 'Schedule moved',
  notMoved: 'Not moved',
} as const;

/** The image limit of the schedule forms and the V2 upload (spec §5, §9). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Reply content limit (spec §9, X Premium). */
export const CONTENT_MAX = 25_000;
/** Longest wait of an auto schedule after the monitored account posts (ours: a day). */
export const AUTO_DELAY_MAX_MINUTES = 1440;
