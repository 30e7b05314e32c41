/**
 * Every read model of the product, in one list, so the server, the scheduler and the CLI's
 * `projections rebuild` build the same read database. Each capability has one read module here
 * (`<capability>.ts`, named after its core folder) holding its projections and every query over
 * their tables (ADR 0018); add a new module's projections to this list.
 */
import type { Projection } from '@core/shared/projection';
import { aiProviderProjection, aiUsageProjection } from './ai';
import { auditIndexProjection } from './audit';
import { replyMetricsProjection } from './metrics';
import { billingProjection } from './billing';
import { monitoredAccountsProjection } from './monitoring';
import { pollingSettingsProjection } from './polling';
import { pushDevicesProjection } from './push';
import { repliesProjection } from './replies';
import { schedulesProjection } from './scheduling';
import { templateGroupsProjection, templatesProjection } from './templates';
import { accessTokensProjection } from './tokens';
import { usersProjection } from './users';
import { watchedPostsProjection, xReadDaysProjection } from './watching';
import { schedulerProcessesProjection } from './scheduler-health';
import { connectedAccountsProjection } from './x-accounts';
import { xSendingProjection } from './x-sending';
import { streamRevisionsProjection } from './eventstore';

export const allProjections: readonly Projection[] = [
  usersProjection,
  templatesProjection as Projection,
  templateGroupsProjection as Projection,
  monitoredAccountsProjection as Projection,
  schedulesProjection as Projection,
  connectedAccountsProjection as Projection,
  repliesProjection as Projection,
  pollingSettingsProjection as Projection,
  watchedPostsProjection as Projection,
  replyMetricsProjection as Projection,
  xReadDaysProjection as Projection,
  schedulerProcessesProjection as Projection,
  billingProjection as Projection,
  accessTokensProjection as Projection,
  pushDevicesProjection as Projection,
  auditIndexProjection,
  xSendingProjection as Projection,
  streamRevisionsProjection,
  aiProviderProjection as Projection,
  aiUsageProjection as Projection,
];
