// Admin: Users (/admin/users; ours — the design turns the spec's hard-coded "user with id 2" into a
// permission an admin grants): find a person, change their role and plan, let them add accounts of
// their own, disable or enable them. The server checks every change (apps/server/src/users/
// admin-routes.ts); this page only offers them and shows the server's message on its field.
import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { ADD_RIGHT_WORDS, addRightOf } from '@core/monitoring/access';
import { ROLES, type Role } from '@core/users/constants';
import type { PublicUser } from '@core/users/public-user';
import { tierBadge } from '@core/users/badge';
import { TIERS, type Tier } from '@core/users/tier';
import { AdminOnly } from '@web/components/admin-only';
import { FieldError, invalidProps } from '@web/components/field';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { PageSpinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, errorMessage } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';
import { setActive, setMayAdd, setPlan, setRole, useAdminUsers, type UserSearch } from './api';

const SELECT = 'h-10 w-full rounded-md border border-input bg-card px-3 text-base sm:h-9 sm:text-sm';
const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', legacy: 'Legacy', user: 'User' };
const TIER_LABELS: Record<Tier, string> = { premium: 'Premium', admin: 'Admin', legacy: 'Legacy', trial: 'Trial', expired: 'Trial over' };

/** A month from today, the plan form's first guess (YYYY-MM-DD). */
const inAMonth = (): string => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

function UserCard({ user, self }: { user: PublicUser; self: boolean }) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [until, setUntil] = useState(user.subscriptionEndDate?.slice(0, 10) ?? inAMonth());
  const id = user.id;
  // The server knows the environment's legacy list; the tier it answered already says who is legacy.
  const right = addRightOf(user, { legacyUsernames: user.tier === 'legacy' ? [user.username] : [] }, new Date());

  const run = async (title: string, field: string, write: () => Promise<PublicUser>) => {
    setBusy(true);
    setErrors({});
    try {
      await write();
      toast({ title, description: user.username });
    } catch (err) {
      const message = errorMessage(err, `${title} failed`);
      setErrors({ [err instanceof ApiError && err.field ? err.field : field]: message });
      toast({ title: `${title} failed`, description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const onPlan = (event: FormEvent) => {
    event.preventDefault();
    void run('Plan changed', 'plan', () => setPlan(id, 'premium', until));
  };

  return (
    <Card className="grid gap-4 p-4" data-testid="admin-user-card" data-username={user.username} data-active={String(user.isActive)}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="min-w-0 break-all font-semibold">{user.username}</h2>
        <Badge variant={user.tier === 'premium' ? 'premium' : user.tier === 'admin' ? 'admin' : 'secondary'} data-testid="user-tier">
          {tierBadge(user.tier, user.repliesRemaining).label}
        </Badge>
        {!user.isActive && <Badge variant="destructive">Disabled</Badge>}
      </div>
      <p className="break-all text-sm text-muted-foreground">
        {user.email ?? 'No e-mail'} · joined {new Date(user.createdAt).toLocaleDateString()}
        {user.isPremium && user.subscriptionEndDate !== null ? ` · Premium until ${user.subscriptionEndDate.slice(0, 10)}` : ''}
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="grid gap-2">
          <Label htmlFor={`role-${id}`}>Role</Label>
          <select
            id={`role-${id}`}
            className={SELECT}
            value={user.role}
            disabled={busy}
            onChange={(e) => void run('Role changed', 'role', () => setRole(id, e.target.value as Role))}
            {...invalidProps(`role-${id}`, errors.role)}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
          <FieldError id={`role-${id}`} error={errors.role} />
        </div>
        <form className="grid gap-2 sm:col-span-2" onSubmit={onPlan} noValidate>
          <Label htmlFor={`until-${id}`}>Premium until</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input id={`until-${id}`} type="date" value={until} disabled={busy} onChange={(e) => setUntil(e.target.value)} {...invalidProps(`until-${id}`, errors.until ?? errors.plan)} />
            <Button type="submit" variant="outline" disabled={busy}>
              {user.isPremium ? 'Change end' : 'Make Premium'}
            </Button>
            {user.isPremium && (
              <Button type="button" variant="outline" disabled={busy} onClick={() => void run('Plan changed', 'plan', () => setPlan(id, 'none', ''))}>
                End Premium
              </Button>
            )}
          </div>
          <FieldError id={`until-${id}`} error={errors.until ?? errors.plan} />
        </form>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <div className="flex items-center gap-2">
            <Checkbox
              id={`may-add-${id}`}
              checked={user.permissions.includes('may_add_monitored_accounts')}
              disabled={busy}
              onCheckedChange={(on) => void run('Permission changed', 'mayAddMonitoredAccounts', () => setMayAdd(id, on === true))}
            />
            <Label htmlFor={`may-add-${id}`}>May add monitored accounts</Label>
          </div>
          <p className="text-xs text-muted-foreground" data-testid="add-right">
            {ADD_RIGHT_WORDS[right ?? 'none']}
          </p>
          <FieldError id={`may-add-${id}`} error={errors.mayAddMonitoredAccounts} />
        </div>
        <div className="grid gap-1">
          {user.isActive ? (
            <Button type="button" variant="destructive" disabled={busy || self} onClick={() => void run('User disabled', 'active', () => setActive(id, false))}>
              Disable
            </Button>
          ) : (
            <Button type="button" variant="outline" disabled={busy} onClick={() => void run('User enabled', 'active', () => setActive(id, true))}>
              Enable
            </Button>
          )}
          {self && <p className="text-xs text-muted-foreground">This is you</p>}
          <FieldError id={`active-${id}`} error={errors.active} />
        </div>
      </div>
    </Card>
  );
}

function Users() {
  const { user: me } = useAuth();
  const [draft, setDraft] = useState<UserSearch>({ q: '', role: '', tier: '' });
  const [search, setSearch] = useState<UserSearch>(draft);
  const { data, error, mutate } = useAdminUsers(search);
  return (
    <div className="grid gap-4">
      <form
        className="grid gap-3 sm:grid-cols-[1fr_10rem_10rem_auto] sm:items-end"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(draft);
        }}
      >
        <div className="grid gap-2">
          <Label htmlFor="users-q">Name or e-mail</Label>
          <Input id="users-q" value={draft.q} onChange={(e) => setDraft({ ...draft, q: e.target.value })} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="users-role">Role</Label>
          <select id="users-role" className={SELECT} value={draft.role} onChange={(e) => setDraft({ ...draft, role: e.target.value as UserSearch['role'] })}>
            <option value="">Any role</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="users-tier">Plan</Label>
          <select id="users-tier" className={SELECT} value={draft.tier} onChange={(e) => setDraft({ ...draft, tier: e.target.value as UserSearch['tier'] })}>
            <option value="">Any plan</option>
            {TIERS.map((t) => (
              <option key={t} value={t}>
                {TIER_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">
          <Search />
          Search
        </Button>
      </form>
      {error ? (
        <LoadError title="Error loading users" onRetry={() => void mutate()} />
      ) : !data ? (
        <PageSpinner />
      ) : data.users.length === 0 ? (
        <p className="text-muted-foreground">No users match.</p>
      ) : (
        <div className="grid gap-3" data-testid="users-list">
          <p className="text-sm text-muted-foreground">{data.users.length === 1 ? '1 user' : `${data.users.length} users`}</p>
          {data.users.map((u) => (
            <UserCard key={`${u.id}-${u.updatedAt}`} user={u} self={u.id === me?.id} />
          ))}
        </div>
      )}
    </div>
  );
}

export default function UsersPage() {
  return (
    <AdminOnly page="Users">
      <div className="grid gap-6" data-testid="users-page">
        <PageHeader title="Users" description="Find a person; change their role and plan, let them add accounts of their own, disable or enable them. Every change is recorded with your name." />
        <Users />
      </div>
    </AdminOnly>
  );
}
