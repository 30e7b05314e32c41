// Repurpose without losing what you wrote: the rewrite is shown beside the original, and the
// user chooses — Use (the rewrite goes into the field), Try again (another variation), Undo (the
// original comes back after Use). V2 names its style with a select of the known styles, never a
// typed name; the classic button asks for a variation in no particular style.
import { useRef, useState } from 'react';
import { RotateCcw, Undo2, Wand2, X } from 'lucide-react';
import { REPURPOSE_STYLES, type RepurposeStyle } from '@core/styles';
import { StyleSelect } from '@web/components/style-select';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';

type Rewrite = (text: string, style: RepurposeStyle | null, seed: number) => Promise<string | null>;

type Session = { original: string; suggestion: string | null; seed: number; applied: boolean };

/** The repurpose state of one content field: a button to start, a panel to choose. */
export function useRepurpose({ content, setContent, rewrite, styled }: { content: string; setContent: (text: string) => void; rewrite: Rewrite; styled: boolean }) {
  const [session, setSession] = useState<Session | null>(null);
  const [style, setStyle] = useState<RepurposeStyle>('friendly');
  const [loading, setLoading] = useState(false);
  const asked = useRef(0);

  async function load(original: string, nextStyle: RepurposeStyle, seed: number, keep: Session | null) {
    const call = ++asked.current;
    setLoading(true);
    const text = await rewrite(original, styled ? nextStyle : null, seed);
    if (call !== asked.current) return; // a later request answers instead
    setLoading(false);
    if (text === null) {
      if (keep === null) setSession(null);
      return;
    }
    setSession({ original, suggestion: text, seed, applied: keep?.applied ?? false });
  }

  const start = () => {
    if (content.trim() === '') {
      toast({ title: 'No content to repurpose', description: 'Please enter some content first.', variant: 'destructive' });
      return;
    }
    // Repurposing again after Use starts from the field as it is now.
    const fresh = { original: content, suggestion: null, seed: 1, applied: false };
    setSession(fresh);
    void load(content, style, 1, null);
  };

  const panel = session && (
    <section aria-label="Repurposed content" data-testid="repurpose-panel" className="grid gap-3 rounded-lg border bg-violet-50/40 p-3">
      {styled && (
        <div className="grid gap-1.5 sm:max-w-xs">
          <Label htmlFor="repurpose-style">Style</Label>
          <StyleSelect
            id="repurpose-style"
            label="Repurpose style"
            styles={REPURPOSE_STYLES}
            value={style}
            compact
            disabled={loading}
            onChange={(next) => {
              setStyle(next);
              void load(session.original, next, session.seed, session);
            }}
          />
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2 [&>*]:min-w-0">
        <figure className="grid content-start gap-1">
          <figcaption className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Original</figcaption>
          <p data-testid="repurpose-original" className="whitespace-pre-wrap break-words text-sm">
            {session.original}
          </p>
        </figure>
        <figure className="grid content-start gap-1">
          <figcaption className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Rewrite</figcaption>
          {loading || session.suggestion === null ? (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner /> Repurposing...
            </p>
          ) : (
            <p data-testid="repurpose-suggestion" aria-live="polite" className="whitespace-pre-wrap break-words text-sm">
              {session.suggestion}
            </p>
          )}
        </figure>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={loading || session.suggestion === null || session.applied}
          onClick={() => {
            if (session.suggestion === null) return;
            setContent(session.suggestion);
            setSession({ ...session, applied: true });
          }}
        >
          <Wand2 /> Use
        </Button>
        <Button size="sm" variant="outline" disabled={loading} onClick={() => void load(session.original, style, session.seed + 1, session)}>
          <RotateCcw /> Try again
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!session.applied}
          onClick={() => {
            setContent(session.original);
            setSession({ ...session, applied: false });
          }}
        >
          <Undo2 /> Undo
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="ml-auto"
          onClick={() => {
            asked.current += 1;
            setLoading(false);
            setSession(null);
          }}
        >
          <X /> Close
        </Button>
      </div>
    </section>
  );

  return { start, panel, busy: loading };
}
