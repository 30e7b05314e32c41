/**
 * Every read model of the product, in one list, so the server, the scheduler and the CLI's
 * `projections rebuild` build the same read database. Add a capability's projection here.
 */
import { monitoredAccountsProjection } from '@core/monitoring/projection';
import { schedulesProjection } from '@core/scheduling/projection';
import type { Projection } from '@core/shared/projection';
import { templateGroupsProjection, templatesProjection } from '@core/templates/projection';
import { usersProjection } from '@core/users/projection';
import { connectedAccountsProjection } from '@core/x-accounts/projection';

export const allProjections: readonly Projection[] = [
  usersProjection,
  templatesProjection as Projection,
  templateGroupsProjection as Projection,
  monitoredAccountsProjection as Projection,
  schedulesProjection as Projection,
  connectedAccountsProjection as Projection,
];
