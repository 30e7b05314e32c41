// The test tweet (spec part 2 §5 'Connection', §7 POST /api/x/test-tweet): posts a tweet from one
// of the user's connected accounts to check that Riposte can post there. Empty content is stopped
// on its field ('Please enter tweet content') before anything is sent; X's or the server's refusal
// is shown on the field and as a toast; a posted tweet's toast links to it on X.
import { useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { X_ACCOUNT_MESSAGES } from '@core/x-accounts/messages';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { Field, invalidProps } from '@web/components/field';
import { useXName } from '@web/hooks/use-x-name';
import { errorMessage } from '@web/lib/api';
import { sendTestTweet, type ConnectedAccount } from '@web/features/connected-accounts/api/x-accounts';

export function TestTweetCard({ accounts }: { accounts: ConnectedAccount[] }) {
  const xName = useXName();
  const [chosen, setChosen] = useState<string | null>(null);
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const account = accounts.find((a) => a.id === chosen) ?? accounts[0];
  if (account === undefined) return null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (account === undefined || sending) return;
    if (content.trim() === '') {
      setError(X_ACCOUNT_MESSAGES.tweetContentRequired);
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      const { tweetUrl } = await sendTestTweet(account.id, content);
      setContent('');
      toast({
        title: 'Test tweet posted',
        description: `Posted from @${account.username}.`,
        action: (
          <a href={tweetUrl} target="_blank" rel="noreferrer" className="shrink-0 rounded-md border px-3 py-1.5 text-sm font-medium underline-offset-4 hover:underline">
            View on {xName}
          </a>
        ),
      });
    } catch (err) {
      const message = errorMessage(err, 'Failed to send the test tweet. Please try again.');
      setError(message);
      toast({ title: 'Test tweet failed', description: message, variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  return (
    <Card className="gap-4 px-5" data-testid="test-tweet">
      <div className="grid gap-1">
        <h2 className="font-semibold">Send a test tweet</h2>
        <p className="text-sm text-muted-foreground">Check that Riposte can post from your account. The tweet is public on {xName}.</p>
      </div>
      <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
        {accounts.length > 1 ? (
          <Field id="test-tweet-account" label="Post from">
            <Select value={account.id} onValueChange={setChosen}>
              <SelectTrigger id="test-tweet-account">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {accounts.map((a) => (
                  <SelectItem key={a.id} value={a.id}>
                    @{a.username}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
        ) : (
          <p className="text-sm">
            Posted from <span className="font-medium">@{account.username}</span>
          </p>
        )}
        <Field id="test-tweet-content" label="Tweet content" error={error}>
          <Textarea
            id="test-tweet-content"
            value={content}
            rows={3}
            onChange={(e) => {
              setContent(e.target.value);
              if (error) setError(undefined);
            }}
            {...invalidProps('test-tweet-content', error)}
          />
        </Field>
        <Button type="submit" variant="outline" className="w-fit" disabled={sending}>
          {sending ? <Spinner /> : <Send />}
          Send Test Tweet
        </Button>
      </form>
    </Card>
  );
}
