// The sandbox Mailbox (admin only): every message the local mail sink kept, newest first, with
// links clickable. Shown while no RIPOSTE_SMTP_URL is set; nothing here has left the machine.
import { useState } from 'react';
import useSWR from 'swr';
import { Inbox } from 'lucide-react';
import type { StoredMail } from '@core/mail';
import { AdminOnly } from '@web/components/admin-only';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { Card } from '@web/components/ui/card';
import { Button } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/spinner';
import { usePublicConfig } from '@web/hooks/use-public-config';
import { useAuth } from '@web/lib/auth';
import { EmailTestMode } from './email-test-mode';

const MAILBOX_KEY = '/api/admin/mailbox';

/** The text with its http(s) links as anchors (React escapes the rest). */
function Linked({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <>
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part} className="break-all text-primary underline">
            {part}
          </a>
        ) : (
          <span key={i}>{part}</span>
        ),
      )}
    </>
  );
}

function Mailbox() {
  const { data: config } = usePublicConfig();
  const { data, error, isLoading, mutate } = useSWR<{ messages: StoredMail[] }, Error>(config?.mailSandbox ? MAILBOX_KEY : null);
  const [open, setOpen] = useState<string | null>(null);
  if (config && !config.mailSandbox) {
    return <p className="text-muted-foreground">Mail goes out through SMTP on this server; there is no sandbox mailbox.</p>;
  }
  if (error) return <LoadError title="Error loading the mailbox" onRetry={() => void mutate()} />;
  if (isLoading || !data) return <PageSpinner />;
  if (data.messages.length === 0) {
    return (
      <Card className="items-center px-6 py-10 text-center" data-testid="mailbox-empty">
        <Inbox className="size-10 text-muted-foreground" />
        <p>No messages yet.</p>
      </Card>
    );
  }
  return (
    <ul className="grid gap-3" data-testid="mailbox-list">
      {data.messages.map((m) => (
        <li key={m.id}>
          <Card className="gap-2 p-4" data-testid="mailbox-message" data-kind={m.kind}>
            <button type="button" className="text-left" onClick={() => setOpen(open === m.id ? null : m.id)} aria-expanded={open === m.id}>
              <span className="block font-medium">{m.subject}</span>
              <span className="block text-sm text-muted-foreground">
                To {m.to} · {new Date(m.sentAt).toLocaleString()}
              </span>
            </button>
            {open === m.id && (
              <pre className="whitespace-pre-wrap break-words font-sans text-sm" data-testid="mailbox-body">
                <Linked text={m.text} />
              </pre>
            )}
          </Card>
        </li>
      ))}
      <li>
        <Button variant="outline" size="sm" onClick={() => void mutate()}>
          Refresh
        </Button>
      </li>
    </ul>
  );
}

export default function MailboxPage() {
  const { user } = useAuth();
  return (
    <AdminOnly page="Mailbox">
      <div role="status" data-testid="mail-sandbox-marker" className="mb-4 rounded-md bg-yellow-300 px-4 py-2 text-sm font-semibold text-black">
        Sandbox mail: messages are kept on this server and never sent. Set RIPOSTE_SMTP_URL to send them.
      </div>
      <PageHeader
        title="Mailbox"
        description="Every e-mail Riposte would have sent: reset links, failed-reply alerts, weekly summaries."
        actions={user ? <EmailTestMode user={user} /> : null}
      />
      <Mailbox />
    </AdminOnly>
  );
}
