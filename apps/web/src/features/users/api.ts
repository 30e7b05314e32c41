// The admin's Users calls (apps/server/src/users/admin-routes.ts). Each change answers the user as
// they now are; the list is refreshed after it.
import useSWR, { mutate } from 'swr';
import type { AdminPlan } from '@core/users/schemas';
import type { Role } from '@core/users/constants';
import type { Tier } from '@core/users/tier';
import type { PublicUser } from '@core/users/public-user';
import { apiRequest } from '@web/lib/api';

export interface UserSearch {
  q: string;
  role: Role | '';
  tier: Tier | '';
}

const USERS = '/api/admin/users';

export function usersKey(search: UserSearch): string {
  const params = new URLSearchParams();
  if (search.q.trim() !== '') params.set('q', search.q.trim());
  if (search.role !== '') params.set('role', search.role);
  if (search.tier !== '') params.set('tier', search.tier);
  const s = params.toString();
  return s === '' ? USERS : `${USERS}?${s}`;
}

export const useAdminUsers = (search: UserSearch) => useSWR<{ users: PublicUser[] }, Error>(usersKey(search));

const refreshLists = () => mutate((key) => typeof key === 'string' && key.startsWith(USERS));

async function change(id: string, what: 'role' | 'plan' | 'permissions' | 'active', body: unknown): Promise<PublicUser> {
  const { user } = await apiRequest<{ user: PublicUser }>('PUT', `${USERS}/${encodeURIComponent(id)}/${what}`, body);
  await refreshLists();
  return user;
}

export const setRole = (id: string, role: Role) => change(id, 'role', { role });
export const setPlan = (id: string, plan: AdminPlan, until: string) => change(id, 'plan', plan === 'premium' ? { plan, until } : { plan });
export const setMayAdd = (id: string, mayAddMonitoredAccounts: boolean) => change(id, 'permissions', { mayAddMonitoredAccounts });
export const setActive = (id: string, active: boolean) => change(id, 'active', { active });
