// What the API answers for monitored accounts (spec part 2 §3, §7): one shape for the server's
// read queries and the web app's hooks.
import type { MonitoringAccess } from './access';
import { z } from 'zod';
import { describes } from '@core/shared/response-schema';
import { MONITORING_TIERS, type MonitoringTier } from './tiers';

/** A monitored account as the API answers it (spec part 2 §3, with the list-only fields). */
export interface AccountView {
  id: string;
  username: string;
  displayName: string;
  profilePicture: string | null;
  bio: string | null;
  topicKeyword: string | null;
  /** Null while X has not been asked successfully; resolved later. */
  xUserId: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  monitoringInterval: number;
  shouldMonitor: boolean;
  /** Who added it; null for the curated accounts. */
  userId: string | null;
  monitoringTier: MonitoringTier;
  visibleToLegacy: boolean;
  visibleToNormal: boolean;
  adminOnly: boolean;
  addedByOwner: boolean;
  /** Polled now: active and not paused. */
  isMonitored: boolean;
  userOnly: boolean;
  source: 'curated' | 'user' | 'legacy';
  /** 'pending': added by a non-admin, seen only by its adder and admins until an admin approves it. */
  approval: 'approved' | 'pending';
}

/** What GET /api/accounts and GET /api/accounts/:id answer (openapi: responds). */
export const accountViewSchema = describes<AccountView>()(
  z.object({
    id: z.string(),
    username: z.string(),
    displayName: z.string(),
    profilePicture: z.string().nullable(),
    bio: z.string().nullable(),
    topicKeyword: z.string().nullable(),
    xUserId: z.string().nullable(),
    isActive: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    monitoringInterval: z.number(),
    shouldMonitor: z.boolean(),
    userId: z.string().nullable(),
    monitoringTier: z.enum(MONITORING_TIERS),
    visibleToLegacy: z.boolean(),
    visibleToNormal: z.boolean(),
    adminOnly: z.boolean(),
    addedByOwner: z.boolean(),
    isMonitored: z.boolean(),
    userOnly: z.boolean(),
    source: z.enum(['curated', 'user', 'legacy']),
    approval: z.enum(['approved', 'pending']),
  }),
);

/** The slim list of GET /api/user/accounts (schedule forms, reply history). */
export interface AccountOption {
  id: string;
  username: string;
  xUserId: string | null;
  displayName: string;
  profilePicture: string | null;
  isActive: boolean;
}

/** GET /api/user/accounts (openapi: responds). */
export const accountOptionSchema = describes<AccountOption>()(
  z.object({ id: z.string(), username: z.string(), xUserId: z.string().nullable(), displayName: z.string(), profilePicture: z.string().nullable(), isActive: z.boolean() }),
);

export interface AccountActivity {
  accountId: string;
  username: string;
  displayName: string;
  profilePicture: string | null;
  /** The caller's latest reply sent to, or schedule made for, this account; null when none. */
  lastActivity: string | null;
  /** The account's latest original post the watcher saw; null when none (or it is not read). */
  lastPostAt: string | null;
  /** When the watcher last read the account; null when it never did (no auto schedule targets it). */
  lastCheckedAt: string | null;
  repliesSent: number;
  scheduledReplies: number;
  status: 'Monitoring' | 'Paused';
}

/** GET /api/accounts/activity (openapi: responds). */
export const accountActivitySchema = describes<AccountActivity>()(
  z.object({
    accountId: z.string(),
    username: z.string(),
    displayName: z.string(),
    profilePicture: z.string().nullable(),
    lastActivity: z.string().nullable(),
    lastPostAt: z.string().nullable(),
    lastCheckedAt: z.string().nullable(),
    repliesSent: z.number().int(),
    scheduledReplies: z.number().int(),
    status: z.enum(['Monitoring', 'Paused']),
  }),
);

/** GET /api/accounts/access: what the page may offer, and legacy mode's state for this user. */
export interface AccountsAccessView extends MonitoringAccess {
  legacyMode: { enabled: boolean; used: number; limit: number };
}
