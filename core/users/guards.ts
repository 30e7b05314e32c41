/** Refusals shared by the user commands: each throws an AppError with a code, reason and field. */
import { AppError } from '@core/shared/errors';
import { isAdminActor, type Actor } from './commands';
import { LIMITS } from './constants';
import type { User, UserState } from './state';
import { canonicalTimeZone } from './time';

export const requireUser = (state: UserState): User => {
  if (state.status !== 'registered') throw new AppError('not_found', 'User not found', { reason: 'USER_NOT_FOUND' });
  return state.user;
};

export const requireActiveUser = (state: UserState): User => {
  const user = requireUser(state);
  if (!user.isActive) {
    throw new AppError('forbidden', 'This account has been deactivated', { reason: 'ACCOUNT_DEACTIVATED' });
  }
  return user;
};

export const requireAdmin = (actor: Actor, what: string): void => {
  if (!isAdminActor(actor)) throw new AppError('forbidden', `Only an admin may ${what}`, { reason: 'ADMIN_ONLY' });
};

/** The zone in its canonical spelling; an unknown zone is refused on the timeZone field. */
export const requireTimeZone = (zone: string): string => {
  const canonical = canonicalTimeZone(zone);
  if (canonical === null) throw new AppError('validation', `Unknown time zone '${zone}'`, { field: 'timeZone' });
  return canonical;
};

type LimitedField = 'username' | 'email' | 'fullName' | 'name' | 'profilePicture';

const LABELS: Record<LimitedField, string> = {
  username: 'Username',
  email: 'Email',
  fullName: 'Full name',
  name: 'Name',
  profilePicture: 'Profile picture',
};

/** Trimmed text within the stored limit; '' and null become null (cleared). */
export const optionalText = (field: LimitedField, value: string | null | undefined): string | null => {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  if (text.length > LIMITS[field]) {
    throw new AppError('validation', `${LABELS[field]} must be at most ${LIMITS[field]} characters`, { field });
  }
  return text;
};

export const requiredText = (field: LimitedField, value: string): string => {
  const text = optionalText(field, value);
  if (text === null) throw new AppError('validation', `${LABELS[field]} is required`, { field });
  return text;
};
