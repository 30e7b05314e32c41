/**
 * A schedule as the API answers it, for tests of what reads the answer (the web lists, the
 * calendar): a pending one-shot fixed-text schedule, every field set, overridable.
 */
import type { ScheduleReplyView, ScheduleView } from '@core/scheduling/views';

export const aScheduleView = (overrides: Partial<ScheduleView> = {}): ScheduleView => ({
  id: 's',
  userId: 'u',
  userName: 'me',
  accountId: 'a',
  targetUsername: 'naval',
  connectedAccountId: 'c',
  accountName: 'me',
  templateId: null,
  templateName: null,
  templateGroupId: null,
  templateGroupName: null,
  lastTemplateIndex: 0,
  scheduleType: 'scheduled',
  scheduledTime: null,
  delayMinutes: 0,
  isRecurring: false,
  recurringType: null,
  recurringDays: null,
  recurringTime: null,
  recurringHour: null,
  recurringMinute: null,
  nextRunTime: null,
  conditions: { content: null, targetAccount: null, imageIncluded: false },
  peakWindowType: null,
  imageUrl: null,
  isActive: true,
  isExecuted: false,
  status: 'pending',
  content: 'hi',
  useAI: false,
  viralStyle: null,
  lastExecutedAt: null,
  lastRunOutcome: null,
  latestRun: null,
  runCount: 0,
  timeZone: 'Europe/Paris',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

export const aScheduleReply = (overrides: Partial<ScheduleReplyView> = {}): ScheduleReplyView => ({
  id: 'r',
  postId: '100',
  replyPostId: '200',
  content: 'Well said',
  status: 'sent',
  statusMessage: null,
  sentAt: '2026-01-02T09:00:00.000Z',
  replyUrl: 'https://x.com/me/status/200',
  ...overrides,
});
