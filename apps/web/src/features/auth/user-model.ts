// The web app's single point of contact with the users capability of core. Everything user-shaped
// (the public user type, tier derivation, badge texts, form schemas) is imported from here, so the
// rest of the app does not care where core keeps it.
// TEMPORARY: until core/users lands these are local stand-ins with the spec's rules and messages;
// they are replaced by re-exports from @core/users.
import { z } from 'zod';

export type Role = 'admin' | 'legacy' | 'user';
export type Tier = 'premium' | 'admin' | 'legacy' | 'trial' | 'expired';

export type User = {
  id: string;
  username: string;
  email: string | null;
  fullName: string | null;
  name: string | null;
  role: Role;
  isPremium: boolean;
  trialActive: boolean;
  repliesRemaining: number;
  passwordChangeRequired: boolean;
  profilePicture: string | null;
  subscriptionEndDate: string | null;
  tier?: Tier;
};

export function deriveTier(u: Pick<User, 'isPremium' | 'role' | 'trialActive' | 'repliesRemaining'>): Tier {
  if (u.isPremium) return 'premium';
  if (u.role === 'admin') return 'admin';
  if (u.role === 'legacy') return 'legacy';
  if (u.trialActive && u.repliesRemaining > 0) return 'trial';
  return 'expired';
}

export type TierBadge = { label: string; tooltip: string; href: string };

export function tierBadge(tier: Tier, repliesRemaining: number): TierBadge {
  switch (tier) {
    case 'premium':
      return { label: 'Premium', tooltip: 'You have a premium subscription with unlimited replies', href: '/trial-status' };
    case 'admin':
      return { label: 'Admin Access', tooltip: 'You have administrator access with unlimited replies', href: '/trial-status' };
    case 'legacy':
      return { label: 'Legacy User', tooltip: 'You have legacy access with expanded limits', href: '/trial-status' };
    case 'trial':
      return {
        label: `${repliesRemaining} Replies Left`,
        tooltip: `You have ${repliesRemaining} free trial replies remaining`,
        href: '/trial-status',
      };
    case 'expired':
      return { label: 'Trial Expired', tooltip: 'Your free trial has expired. Upgrade to premium to continue.', href: '/payment' };
  }
}

export const loginSchema = z.object({
  username: z.string().min(1, 'Required'),
  password: z.string().min(6, 'Password must be at least 6 characters'),
});

export const registerSchema = z
  .object({
    email: z.string().email('Please enter a valid email address').max(255),
    username: z.string().min(3, 'Username must be at least 3 characters').max(50),
    fullName: z.string().min(1, 'Required').max(100),
    password: z.string().min(6, 'Password must be at least 6 characters'),
    confirmPassword: z.string().min(6, 'Password must be at least 6 characters'),
    xUserId: z.string().optional(),
    timeZone: z.string().optional(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: z.string().min(6, 'New password must be at least 6 characters'),
    confirmPassword: z.string().min(6, 'Confirm password must be at least 6 characters'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });

export const emailSchema = z.object({
  email: z.string().email('Please enter a valid email address').max(255),
  subscribedToUpdates: z.boolean().default(false),
});
