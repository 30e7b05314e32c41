/**
 * One line per operation of the API document (http/openapi.ts), keyed as the router registers the
 * route (`METHOD /path/:param`). Everything else in the document is read from the routes; what a
 * call is for is the one thing a route cannot say about itself, so it is written here, in the
 * words of docs/api.md and the product spec. A route without a line here is an operation without
 * a summary, which the OpenAPI lint test refuses (tests/api/openapi-lint.int.test.ts), and a line
 * for a route that no longer exists fails tests/api/openapi.int.test.ts.
 */
export const OPERATION_SUMMARIES: Readonly<Record<string, string>> = {
  // Probes and the API's own description
  'GET /healthz': 'Health report: event store read and write, projection lag',
  'GET /health': 'Health report (the same as /healthz, for monitors that ask by this name)',
  'GET /livez': 'Liveness: the process answers, without asking any store',
  'GET /readyz': 'Readiness: started and the event store readable and writable',
  'GET /api/config': "The installation's switches the pages need (sandbox X, AI, mail)",
  'GET /api/openapi.json': 'This OpenAPI document',
  'GET /api/docs': 'This document as an HTML page',

  // Sign-in and the account
  'GET /api/auth/status': 'Whether the caller is signed in, and as whom',
  'POST /api/auth/login': 'Sign in with username and password',
  'POST /api/auth/register': 'Create an account and sign in',
  'POST /api/auth/logout': 'Sign out: end this session',
  'GET /api/auth/logout': "Sign out by navigation ('Logout Instead') and go to the sign-in page",
  'PUT /api/auth/profile': 'Change your profile (name, e-mail, picture, time zone, password)',
  'PUT /api/auth/change-password': 'Change your password; other sessions and tokens end',
  'POST /api/auth/forgot-password': 'Send a password reset link to an address, if an account uses it',
  'POST /api/auth/reset-password': "Set a new password with a reset link's token",
  'GET /api/user/needs-email': 'Whether you still have to give an e-mail address',
  'POST /api/user/email': 'Set your e-mail address and the updates subscription',
  'GET /api/user/trial-status': 'Your trial or Premium state and the replies left',
  'GET /api/user/accounts': 'The monitored accounts you may schedule replies for',

  // Settings
  'GET /api/settings': 'Your settings and notification preferences',
  'PUT /api/settings/preferences': 'Change your preferences (mails, hourly cap, default style)',
  'GET /api/settings/export': 'Download everything Riposte keeps about you, as JSON',
  'POST /api/settings/delete-account': 'Delete your account and everything it holds',

  // Dashboard
  'GET /api/metrics/overview': "Your dashboard's figures: impressions, replies, engagement",
  'GET /api/dashboard/activity': 'Replies sent and impressions per day, the last days',
  'GET /api/connected-accounts': 'Your active connected X accounts, for the dashboard',
  'GET /api/recent-activities': 'Your latest 20 replies, sent or still to go out',

  // Admin
  'GET /api/admin/scheduler-health': "Each scheduler process's last tick and the runs waiting",
  'GET /api/admin/x-sending': 'Whether X takes replies from this installation now (credits, enrolment)',
  'GET /api/admin/users': 'Every user, oldest first',
  'GET /api/admin/users/:id': 'One user, as the admin sees them',
  'PUT /api/admin/users/:id/role': "Change a user's role (admin, legacy, user)",
  'PUT /api/admin/users/:id/plan': 'Grant Premium to a day, or end it',
  'PUT /api/admin/users/:id/active': "Disable or re-enable a user's account",
  'PUT /api/admin/users/:id/permissions': 'Allow or refuse a user adding monitored accounts',
  'GET /api/admin/mailbox': 'The mail the server kept in its local sink (no SMTP set)',
  'GET /api/admin/mailbox/:id': 'One kept mail, with its text',
  'GET /api/admin/audit/users/:username': "A user's audit trail: their events and who looked at them",
  'GET /api/admin/audit/schedules/:id': "A schedule's audit trail: its events and its runs' replies",
  'GET /api/admin/audit/state': "A stream's state as it was at one of its events",
  'GET /api/admin/polling-settings': 'Every polling setting, in catalogue order',
  'GET /api/admin/polling-settings/category/tiers': 'The polling settings of the monitoring tiers',
  'POST /api/admin/polling-settings/verify-x-admin': 'Check an X Admin token before changing tiers',
  'PUT /api/admin/polling-settings/:key': 'Change one polling setting',
  'GET /api/admin/polling-stats': "The watcher's reads of X per day and their estimated cost",
  'GET /api/admin/accounts': 'Every monitored account with its tier and picture',
  'PATCH /api/admin/accounts/:id/tier': "Change a monitored account's tier from the polling settings (X Admin step-up)",
  'PUT /api/admin/accounts/:id/approve': 'Approve a monitored account a user added',
  'GET /api/admin/recent-replies': "Everyone's latest replies, for the Scheduler Test page",
  'POST /api/admin/create-test-schedule': 'Create a one-time test schedule (Scheduler Test)',
  'POST /api/admin/create-test-schedule-v2': 'Create a one-time test schedule (Scheduler Test V2)',
  'POST /api/admin/run-test-schedule/:id': "Run a test schedule's due run now",
  'POST /api/admin/execute-test-schedule-v2': "Run a test schedule's due run now (V2)",
  'POST /api/admin/execute-direct-reply': 'Reply to one post now, through the exactly-once path',
  'POST /api/admin/execute-direct-reply-v2': 'Reply to one post now, through the exactly-once path (V2)',
  'GET /api/admin/ai-provider': 'The AI provider in use, saved and from the environment',
  'PUT /api/admin/ai-provider': 'Set the AI provider, its key, fallback and limits',
  'POST /api/admin/ai-provider/test': 'Try the AI provider with one real call',

  // Templates
  'GET /api/templates': 'Your templates, newest first',
  'POST /api/templates': 'Create a template',
  'GET /api/templates/:id': 'One of your templates',
  'PUT /api/templates/:id': 'Change a template',
  'DELETE /api/templates/:id': 'Delete a template',
  'POST /api/templates/preview': "Preview what a template's AI writes",
  'GET /api/template-groups': 'Your template groups, newest first',
  'POST /api/template-groups': 'Create a template group',
  'GET /api/template-groups/:id': 'One of your template groups',
  'PUT /api/template-groups/:id': 'Change a template group',
  'DELETE /api/template-groups/:id': 'Delete a template group',
  'PUT /api/template-groups/:id/templates': "Set a group's templates and their order",

  // Personal access tokens and devices
  'GET /api/tokens': 'Your personal access tokens (never their secrets)',
  'POST /api/tokens': 'Mint a personal access token (its secret is in this answer only)',
  'DELETE /api/tokens/:id': 'Revoke a personal access token',
  'GET /api/push/key': 'The public key a browser subscribes to notifications with',
  'GET /api/push/devices': 'Your devices that receive notifications',
  'POST /api/push/devices': 'Add this browser as a device that receives notifications',
  'DELETE /api/push/devices/:id': 'Stop notifying a device',
  'POST /api/push/test': 'Send a test notification to each of your devices',
  'GET /api/live': 'Server-sent events: which of your replies changed',

  // Monitored accounts
  'GET /api/accounts': 'The monitored accounts you may see (admins: all)',
  'POST /api/accounts': 'Add a monitored account (or, in legacy mode, with the PIN)',
  'GET /api/accounts/access': 'What you may do with monitored accounts',
  'GET /api/accounts/activity': "Your monitored accounts' latest posts, checks and replies",
  'GET /api/accounts/:id': 'One monitored account',
  'GET /api/accounts/:id/auto-estimate': 'How soon an auto reply on this account would go out',
  'PUT /api/accounts/:id': 'Change a monitored account',
  'DELETE /api/accounts/:id': 'Remove a monitored account',
  'POST /api/accounts/legacy/verify-pin': "Check the legacy mode's PIN and the accounts left",
  'PATCH /api/accounts/:id/visibility': 'Set who sees a monitored account',
  'PATCH /api/accounts/:id/tier': "Change a monitored account's tier (X Admin step-up)",

  // Schedules
  'GET /api/schedules': 'Your schedules, upcoming first',
  'POST /api/schedules': 'Schedule replies (template or classic form)',
  'GET /api/schedules/:id': 'One of your schedules',
  'DELETE /api/schedules/:id': 'Delete a schedule that has not run',
  'PATCH /api/schedules/:id': 'Edit a schedule, or move it to another connected account',
  'POST /api/schedules/:id/pause': 'Pause a schedule: no runs until resumed',
  'POST /api/schedules/:id/resume': 'Resume a paused schedule from its next run',
  'GET /api/schedules/:id/replies': "A schedule's replies, latest first",
  'GET /api/v2/schedules': 'Your schedules (the Schedule Reply page)',
  'POST /api/v2/schedule': "Schedule a reply in a post's peak window",
  'POST /api/v2/upload-image': 'Upload an image to attach to a reply',
  'GET /uploads/:file': 'An image you uploaded',
  'POST /api/bulk-replies': 'Schedule one reply from the Bulk page',
  'POST /api/bulk-replies/batch': 'Schedule up to 100 replies at once, all or none',
  'POST /api/schedules/import': 'Import up to 500 schedules, all or none (or check them only)',

  // Replies
  'GET /api/replies': 'Your replies, a page at a time, with search and status',
  'GET /api/replies/ready': 'Your replies ready for you to post, the one expiring first first',
  'GET /api/replies/summary': 'How many of your replies are ready or unconfirmed',
  'POST /api/replies/:id/mark-sent': 'Say you posted a ready reply yourself',
  'POST /api/replies/:id/skip': 'Skip a ready reply',
  'POST /api/replies/:id/resend': 'Send again a reply that ended with nothing on X',

  // AI
  'POST /api/v2/repurpose': 'Rewrite a text in another style with the AI',
  'POST /api/repurpose-content': 'Rewrite a text with the AI, within a length',
  'POST /api/generate-ai-reply': 'Write a reply to a post with the AI',

  // X
  'GET /api/x/auth/login': 'Start sign in with X',
  'GET /api/x/auth/callback': "X's redirect back after sign in, connect or reconnect",
  'GET /api/x/accounts': 'Your connected X accounts and the slots left',
  'DELETE /api/x/accounts/:id': 'Disconnect an X account and revoke its tokens at X',
  'GET /api/x/auth/url': 'Start connecting an X account with a PIN',
  'GET /api/x/auth/direct': "Start connecting an X account through X's redirect",
  'GET /api/x/auth/direct/reconnect/:id': "Start reconnecting an X account through X's redirect",
  'GET /api/x/auth/reconnect/:id': 'Start reconnecting an X account with a PIN',
  'POST /api/x/auth/verify-pin': "Finish connecting an X account with X's PIN",
  'POST /api/x/auth/reconnect-pin': "Finish reconnecting an X account with X's PIN",
  'GET /api/x/auth/status/:token': 'Whether a connect or reconnect has finished at X',
  'GET /api/x/auto-connect': 'Connect the X account you signed in with',
  'GET /api/x/auth/credentials-check': "Whether the X app's credentials are set",
  'GET /api/x/test-credentials': "Whether the X app's credentials are set (the same as credentials-check)",
  'POST /api/x/test-tweet': 'Post a test tweet from a connected account',

  // Payments
  'GET /paypal/setup': "PayPal's client token for the payment buttons",
  'POST /paypal/order': 'Create a PayPal order for Premium',
  'POST /paypal/order/:id/capture': 'Capture an approved PayPal order and grant Premium',
  'POST /paypal/webhook': "PayPal's signed event notifications",
  'GET /api/billing': 'Your subscription and payments',
  'POST /api/billing/cancel': 'Cancel your subscription at the end of its period',
  'GET /api/billing/payments/:id/receipt': 'A plain-text receipt of one of your payments',
};
