/**
 * What a user chose on the Settings page (spec part 2 'Settings'): notifications, the replies per
 * hour limit dispatch enforces for them, and the style the composers start with. The product
 * updates flag is the account's `subscribedToUpdates` (the email dialog's checkbox), changed here
 * too. Spec defaults: notifications on, summary on; the hourly limit unset follows the
 * installation's cap (core/replies DEFAULT_HOURLY_CAP).
 */
import { z } from 'zod';
import { CLASSIC_STYLES, type ClassicStyle } from '@core/styles/catalogue';

export const HOURLY_CAP_MIN = 1;
export const HOURLY_CAP_MAX = 50;

export interface Preferences {
  emailOnFailedReply: boolean;
  weeklySummary: boolean;
  /** Replies per hour for this user; null: the installation's default. */
  hourlyCap: number | null;
  /** The composers' default viral style; null: the catalogue's default. */
  defaultStyle: ClassicStyle | null;
}

export const DEFAULT_PREFERENCES: Preferences = { emailOnFailedReply: true, weeklySummary: true, hourlyCap: null, defaultStyle: null };

/** A change of preferences; an absent key means unchanged. */
export interface PreferenceChanges extends Partial<Preferences> {
  subscribedToUpdates?: boolean;
}

export const PREFERENCE_MESSAGES = {
  hourlyCap: `Replies per hour must be a whole number from ${HOURLY_CAP_MIN} to ${HOURLY_CAP_MAX}`,
  defaultStyle: 'Choose one of the viral styles',
  nothing: 'Nothing to change',
} as const;

const flag = () => z.boolean({ error: 'Expected true or false' }).optional();

/** PUT /api/settings/preferences: any subset of the fields. */
export const preferencesSchema = z
  .object(
    {
      emailOnFailedReply: flag(),
      weeklySummary: flag(),
      subscribedToUpdates: flag(),
      hourlyCap: z
        .number({ error: PREFERENCE_MESSAGES.hourlyCap })
        .int(PREFERENCE_MESSAGES.hourlyCap)
        .min(HOURLY_CAP_MIN, PREFERENCE_MESSAGES.hourlyCap)
        .max(HOURLY_CAP_MAX, PREFERENCE_MESSAGES.hourlyCap)
        .nullable()
        .optional(),
      defaultStyle: z.enum(CLASSIC_STYLES, { error: PREFERENCE_MESSAGES.defaultStyle }).nullable().optional(),
    },
    { error: (i) => (i.input === undefined ? 'Required' : 'Invalid input') },
  );
export type PreferencesInput = z.infer<typeof preferencesSchema>;

/** The limit dispatch applies: the user's own, else the installation's. */
export const effectiveHourlyCap = (preferences: Pick<Preferences, 'hourlyCap'>, installationCap: number): number =>
  preferences.hourlyCap ?? installationCap;
