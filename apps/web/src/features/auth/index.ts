// The auth feature's public surface for the rest of the app: signing out (the shell's user card)
// and the e-mail test mode switch (the admin dashboard). The session itself is shared state in
// lib/auth.ts.
export { logout } from './api/session-actions';
export { activateEmailTestMode, deactivateEmailTestMode, emailState, isLocalHost } from './api/email';
