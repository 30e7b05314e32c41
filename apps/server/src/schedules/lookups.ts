/**
 * What a schedule refers to, checked against the read database before anything is written:
 *
 * - the target (a monitored account) must be visible to the user (core/monitoring's rule, the same
 *   one the accounts list uses);
 * - the connected X account must be the user's own, and active;
 * - the template or template group must be the user's own and not deleted;
 * - the image must be one the user uploaded here (core/images isOwnUpload, the rule templates use).
 *
 * Each lookup answers null for "no such thing for this user" and the caller turns that into a 404
 * that reads the same for someone else's id and an id that never existed. Every lookup is a query
 * of the read model that owns the thing (adapters/read-models).
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import { findVisibleAccount } from '@adapters/read-models/monitoring';
import { countSchedules } from '@adapters/read-models/scheduling';
import { findTemplate, findTemplateGroup } from '@adapters/read-models/templates';
import { findActiveConnectedAccount } from '@adapters/read-models/x-accounts';
import { isOwnUpload, type ImageStore } from '@core/images';
import { monitoringActorOf } from '@core/monitoring/access';
import type { TierConfig } from '@core/users/tier';
import type { User } from '@core/users/state';

export interface NamedRef {
  id: string;
  name: string;
}

export interface ScheduleLookups {
  /** The monitored account `accountId` when the user may see it; `name` is its username, `monitored` false when an admin paused it. */
  target(user: User, accountId: string): (NamedRef & { monitored: boolean }) | null;
  /** The user's own connected X account; `name` is its username. */
  connectedAccount(userId: string, connectedAccountId: string): NamedRef | null;
  template(userId: string, templateId: string): NamedRef | null;
  templateGroup(userId: string, templateGroupId: string): NamedRef | null;
  /** How many schedules the user keeps (their plan's cap counts these). */
  scheduleCount(userId: string): number;
  /** True when `url` is not one of our uploads (an outside address) or an upload of this user's. */
  imageAllowed(userId: string, url: string): Promise<boolean>;
}

const named = (found: { id: string; name: string } | null): NamedRef | null => (found === null ? null : { id: found.id, name: found.name });

export const createScheduleLookups = (db: () => ReadDb, config: TierConfig, images: ImageStore, clock: () => Date = () => new Date()): ScheduleLookups => ({
  target(user, accountId) {
    const account = findVisibleAccount(db(), monitoringActorOf(user, config, clock()), accountId);
    return account === null ? null : { id: account.id, name: account.username, monitored: account.isMonitored };
  },

  connectedAccount(userId, connectedAccountId) {
    const account = findActiveConnectedAccount(db(), userId, connectedAccountId);
    return account === null ? null : { id: account.id, name: account.username };
  },

  template: (userId, templateId) => named(findTemplate(db(), userId, templateId)),

  templateGroup: (userId, templateGroupId) => named(findTemplateGroup(db(), userId, templateGroupId)),

  imageAllowed: (userId, url) => isOwnUpload(images, userId, url),

  scheduleCount: (userId) => countSchedules(db(), userId),
});
