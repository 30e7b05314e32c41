import { describe, expect, it } from 'vitest';
import { at, days } from '@core/users/test-fixtures';
import { userFromRow, type UserRow } from './users';

describe('userFromRow', () => {
  it('turns a row back into a user', () => {
    const row: UserRow = {
      id: 'u1',
      username: 'Alice',
      username_lower: 'alice',
      email: null,
      email_lower: null,
      full_name: null,
      name: 'Al',
      password_hash: null,
      x_user_id: '42',
      role: 'admin',
      is_active: 1,
      created_at: at(0),
      updated_at: at(1),
      created_by: 'system',
      last_login: null,
      password_change_required: 1,
      replies_remaining: 25,
      is_premium: 0,
      trial_active: 1,
      trial_ends_at: days(7),
      subscription_id: null,
      subscription_status: null,
      subscription_end_date: null,
      subscribed_to_updates: 0,
      profile_picture: null,
      time_zone: 'UTC',
      permissions: '["may_add_monitored_accounts"]',
      email_on_failed_reply: 0,
      weekly_summary: 1,
      hourly_cap: 12,
      default_style: 'hot_take',
    };
    expect(userFromRow(row)).toMatchObject({
      id: 'u1',
      role: 'admin',
      isActive: true,
      passwordChangeRequired: true,
      isPremium: false,
      trialActive: true,
      subscribedToUpdates: false,
      xUserId: '42',
      permissions: ['may_add_monitored_accounts'],
      passwordHash: null,
      createdBy: 'system',
      preferences: { emailOnFailedReply: false, weeklySummary: true, hourlyCap: 12, defaultStyle: 'hot_take' },
    });
  });
});
