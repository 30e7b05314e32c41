// Session actions (spec part 1 §4, §8): each calls the API, updates the swr cache and raises the
// catalogue's toast. Navigation is left to the caller, which knows where the user should go.
import { mutate } from 'swr';
import { apiRequest, errorMessage } from '@web/lib/api';
import { toast } from '@web/components/ui/use-toast';
import { sessionRenewed, setSessionUser } from '@web/lib/auth';
import type { RegisterInput } from '@core/users/schemas';
import type { User } from '@web/lib/user-model';

type UserAnswer = { user: User };

export async function login(credentials: { username: string; password: string }): Promise<User | null> {
  try {
    const { user } = await apiRequest<UserAnswer>('POST', '/api/auth/login', credentials);
    await setSessionUser(user);
    toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
    return user;
  } catch (err) {
    toast({ title: 'Login failed', description: errorMessage(err, 'Invalid credentials'), variant: 'destructive' });
    return null;
  }
}

export type Registration = RegisterInput;

export async function register(fields: Registration): Promise<User | null> {
  try {
    const { user } = await apiRequest<UserAnswer>('POST', '/api/auth/register', fields);
    await setSessionUser(user);
    toast({ title: 'Registration successful', description: 'Your account has been created successfully!' });
    return user;
  } catch (err) {
    toast({ title: 'Registration failed', description: errorMessage(err, 'Please try again'), variant: 'destructive' });
    return null;
  }
}

/** Logs out, clears every cached query and leaves the user signed out even if the call fails. */
export async function logout(): Promise<void> {
  try {
    await apiRequest('POST', '/api/auth/logout');
  } catch {
    // Spec part 1 §4: the client forgets the session whatever the server answered.
  }
  await mutate(() => true, undefined, { revalidate: false });
  await setSessionUser(null);
  toast({ title: 'Logged out', description: 'You have been logged out successfully.' });
}

export type PasswordChange = { currentPassword: string; newPassword: string; confirmPassword: string };

/** Throws on failure so the dialog can keep its state; the caller picks the toast texts. */
export async function changePassword(fields: PasswordChange): Promise<User> {
  const { user } = await apiRequest<UserAnswer>('PUT', '/api/auth/change-password', fields);
  await sessionRenewed({ ...user, passwordChangeRequired: false });
  return user;
}
