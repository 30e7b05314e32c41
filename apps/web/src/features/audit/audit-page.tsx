// The admin's Audit page: search a person (username) or a schedule (id), read its history in plain
// words with who acted and under which request, and open the state of a stream as of any event.
// The server checks the role and records every look; the page only asks and shows.
import { useState, type FormEvent } from 'react';
import { History, ScrollText } from 'lucide-react';
import { auditSearchSchema, type AuditSearch } from '@core/audit/schemas';
import type { AuditEntry, AuditHistory } from '@core/audit/views';
import { WORDED_EVENT_TYPES } from '@core/audit/wording';
import { AdminOnly } from '@web/components/admin-only';
import { Field, invalidProps } from '@web/components/field';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { PageSpinner } from '@web/components/ui/spinner';
import { formatDateTime, useUserZone } from '@web/lib/time-format';
import { useAuditHistory, useStateAsOf, type AuditQuery } from './api';

const SELECT = 'h-10 w-full rounded-md border border-input bg-card px-3 text-base sm:h-9 sm:text-sm';
const TYPES = [...WORDED_EVENT_TYPES].sort();

/** A datetime-local value (the browser's zone) as an ISO instant; '' stays unset. */
const instantOf = (local: string): string | undefined => (local === '' || Number.isNaN(Date.parse(local)) ? undefined : new Date(local).toISOString());

function SearchForm({ onSearch }: { onSearch: (q: AuditQuery) => void }) {
  const [kind, setKind] = useState<AuditSearch['kind']>('user');
  const [value, setValue] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [type, setType] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = auditSearchSchema.safeParse({ kind, value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    onSearch({ ...parsed.data, from: instantOf(from), to: instantOf(to), type: type === '' ? undefined : type });
  };

  return (
    <Card className="mb-6 p-4">
      <form className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" onSubmit={submit} noValidate aria-label="Search the audit">
        <Field id="audit-kind" label="Search for">
          <select id="audit-kind" className={SELECT} value={kind} onChange={(e) => setKind(e.target.value as AuditSearch['kind'])}>
            <option value="user">A user (username)</option>
            <option value="schedule">A schedule (id)</option>
          </select>
        </Field>
        <Field id="audit-value" label={kind === 'user' ? 'Username' : 'Schedule id'} error={error}>
          <Input id="audit-value" value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" {...invalidProps('audit-value', error)} />
        </Field>
        <Field id="audit-type" label="Event type">
          <select id="audit-type" className={SELECT} value={type} onChange={(e) => setType(e.target.value)}>
            <option value="">All event types</option>
            {TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </Field>
        <Field id="audit-from" label="From (your browser's time)">
          <Input id="audit-from" type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field id="audit-to" label="To (your browser's time)">
          <Input id="audit-to" type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} />
        </Field>
        <div className="flex items-end">
          <Button type="submit">
            <History />
            Show history
          </Button>
        </div>
      </form>
    </Card>
  );
}

function StateAsOfPanel({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const { data, error, isLoading, mutate } = useStateAsOf(entry);
  return (
    <Card className="gap-3 p-4" data-testid="audit-state" aria-labelledby="audit-state-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="audit-state-title" className="text-lg font-semibold">
          State as of this event
        </h2>
        <Button variant="outline" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      {error ? (
        <LoadError title={`Error replaying the stream: ${error.message}`} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <p className="text-sm text-muted-foreground">Replaying…</p>
      ) : (
        <>
          <p className="text-sm" data-testid="audit-state-summary">
            The {data.kind} <code className="break-all">{data.stream}</code> after {data.events} event{data.events === 1 ? '' : 's'}, up to {data.asOf?.type} (revision {data.asOf?.revision}, position {data.asOf?.position})
          </p>
          <pre className="max-h-[28rem] overflow-auto rounded-md bg-muted p-3 text-xs" data-testid="audit-state-json" tabIndex={0} aria-label="The replayed state as JSON">
            {JSON.stringify(data.state, null, 2)}
          </pre>
        </>
      )}
    </Card>
  );
}

function Timeline({ history }: { history: AuditHistory }) {
  const zone = useUserZone();
  const [picked, setPicked] = useState<AuditEntry | null>(null);
  if (history.entries.length === 0) {
    return (
      <Card className="items-center px-6 py-10 text-center" data-testid="audit-empty">
        <ScrollText className="size-10 text-muted-foreground" />
        <p>No events match for {history.subject.kind} {history.subject.label}.</p>
      </Card>
    );
  }
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section aria-labelledby="audit-timeline-title">
        <h2 id="audit-timeline-title" className="mb-2 text-lg font-semibold">
          History of {history.subject.kind} {history.subject.label}
        </h2>
        <p className="mb-3 text-sm text-muted-foreground" data-testid="audit-count">
          {history.truncated
            ? `The latest ${history.entries.length} events (older ones left out)`
            : `${history.entries.length} event${history.entries.length === 1 ? '' : 's'}`}
        </p>
        <ol className="grid gap-2" data-testid="audit-timeline">
          {history.entries.map((e) => (
            <li key={e.position}>
              <Card className={`gap-1 p-3 ${picked?.position === e.position ? 'ring-2 ring-primary' : ''}`} data-testid="audit-entry" data-type={e.type}>
                <p className="text-sm">{e.line}</p>
                <p className="text-xs text-muted-foreground">
                  <time dateTime={e.time}>{formatDateTime(e.time, zone)}</time> · {e.type} · by <span data-testid="audit-actor">{e.actorName}</span> · request{' '}
                  <code className="break-all" data-testid="audit-request">
                    {e.requestId}
                  </code>
                </p>
                {e.replayable ? (
                  <div>
                    <Button variant="outline" size="sm" onClick={() => setPicked(e)} aria-pressed={picked?.position === e.position}>
                      State as of this event
                    </Button>
                  </div>
                ) : null}
              </Card>
            </li>
          ))}
        </ol>
      </section>
      <div className="lg:sticky lg:top-4 lg:self-start">{picked ? <StateAsOfPanel entry={picked} onClose={() => setPicked(null)} /> : null}</div>
    </div>
  );
}

function Results({ query }: { query: AuditQuery }) {
  const { data, error, isLoading, mutate } = useAuditHistory(query);
  if (error) return <LoadError title={`Error loading the history: ${error.message}`} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <PageSpinner />;
  return <Timeline history={data} />;
}

export default function AuditPage() {
  const [query, setQuery] = useState<AuditQuery | null>(null);
  return (
    <AdminOnly page="Audit">
      <PageHeader title="Audit" description="Every event of a user or a schedule, who caused it and under which request, and the state as of any event. Each look is recorded." />
      <SearchForm onSearch={setQuery} />
      {query ? <Results key={JSON.stringify(query)} query={query} /> : null}
    </AdminOnly>
  );
}
