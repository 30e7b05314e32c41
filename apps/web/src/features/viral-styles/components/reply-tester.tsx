// The viral style tester (spec part 2 §2, §5, §8): tweet text, account name (default '@Example'),
// a style; the reply comes from the AI writer, with a counter out of 280 that warns
// 'Exceeds character limit!', and Copy ('Copied to clipboard').
import { useState, type FormEvent } from 'react';
import { Copy, Wand2 } from 'lucide-react';
import { CLASSIC_STYLES, DEFAULT_CLASSIC_STYLE, styleDefinition, type ClassicStyle } from '@core/styles';
import { countCharacters } from '@core/text/length';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/utils';
import { generateReply, type GeneratedReply } from '@web/features/viral-styles/api/generate-reply';

/** A post's length on X (standard accounts); the tester counts against it. */
export const POST_LIMIT = 280;

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  // Older browsers and insecure origins: the selection-and-copy fallback.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'fixed -left-[9999px] opacity-0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('The browser refused to copy');
}

export function ReplyTester({ aiOffline }: { aiOffline: boolean }) {
  const [tweetText, setTweetText] = useState('');
  const [accountName, setAccountName] = useState('@Example');
  const [style, setStyle] = useState<ClassicStyle>(DEFAULT_CLASSIC_STYLE);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<GeneratedReply | null>(null);
  const [reply, setReply] = useState('');
  const length = countCharacters(reply);
  const offline = result?.offline ?? aiOffline;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (tweetText.trim() === '') {
      toast({ title: 'Tweet text required', description: 'Please enter some text to reply to', variant: 'destructive' });
      return;
    }
    setPending(true);
    try {
      const answer = await generateReply({ tweetText, accountName: accountName.trim() || '@Example', viralStyle: style });
      setResult(answer);
      setReply(answer.reply);
    } catch (err) {
      toast({ title: 'Error generating reply', description: errorMessage(err, 'Unknown error occurred'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  async function onCopy() {
    try {
      await copyText(reply);
      toast({ title: 'Copied to clipboard', description: 'The reply is ready to paste.' });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to copy'), variant: 'destructive' });
    }
  }

  return (
    <Card className="gap-4" data-testid="reply-tester">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Test a Style
          {offline && (
            <Badge variant="info" data-testid="offline-writer">
              Offline writer
            </Badge>
          )}
        </CardTitle>
        <CardDescription>
          {offline
            ? 'No AI service is configured: replies come from Riposte’s built-in offline writer.'
            : 'Replies come from the configured AI service.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Test a Style">
          <div className="grid gap-2">
            <Label htmlFor="tester-tweet">Tweet text</Label>
            <Textarea id="tester-tweet" rows={4} value={tweetText} onChange={(e) => setTweetText(e.target.value)} placeholder="Paste the post you want to reply to" />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="tester-account">Account name</Label>
              <Input id="tester-account" value={accountName} onChange={(e) => setAccountName(e.target.value)} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="tester-style">Viral style</Label>
              <Select value={style} onValueChange={(v) => setStyle(v as ClassicStyle)}>
                <SelectTrigger id="tester-style" aria-label="Viral style">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {CLASSIC_STYLES.map((id) => (
                    <SelectItem key={id} value={id}>
                      {styleDefinition(id).label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>
          <Button type="submit" disabled={pending} className="w-full sm:w-fit">
            {pending ? <Spinner /> : <Wand2 />}
            {pending ? 'Generating...' : 'Generate Reply'}
          </Button>
        </form>

        {result && (
          <div className="grid gap-2" data-testid="generated-reply">
            <Label htmlFor="tester-reply">Generated reply · {styleDefinition(style).label}</Label>
            <Textarea id="tester-reply" rows={4} value={reply} onChange={(e) => setReply(e.target.value)} />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className={cn('text-xs tabular-nums text-muted-foreground', length > POST_LIMIT && 'font-medium text-destructive')} data-testid="reply-counter">
                {length}/{POST_LIMIT}
                {length > POST_LIMIT && <span className="ml-2">Exceeds character limit!</span>}
              </p>
              <Button variant="outline" size="sm" onClick={() => void onCopy()} disabled={reply === ''}>
                <Copy />
                Copy
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
