// How many runs a fixed text makes before it repeats (core/text/spintax, core/replies): X refuses
// an account's repeats, so Riposte posts each distinct text at most once every 8 days from one
// account and skips a run that has none left (ADR 0045). AI texts are written anew per run.
import { Shuffle } from 'lucide-react';
import { summariseVariations } from '@core/text/spintax';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';

export function VariationsNote({ text, useAI, preview = false }: { text: string; useAI: boolean; preview?: boolean }) {
  if (useAI || text.trim() === '') return null;
  const s = summariseVariations(text, preview ? 5 : 0);
  const count = `${s.exact ? '' : 'up to '}${s.distinct.toLocaleString('en')}`;
  if (s.distinct <= 1) {
    return (
      <Alert variant="info" data-testid="variations-note" data-count="1">
        <Shuffle />
        <AlertTitle>1 run before this text repeats</AlertTitle>
        <AlertDescription>
          X refuses a text an account posted recently, so from one account this text goes out once every 8 days and the runs in between are skipped. Add
          variations like {'{Great|Sharp|Fair}'} point for more.
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert variant="info" data-testid="variations-note" data-count={s.distinct}>
      <Shuffle />
      <AlertTitle>
        {count} different texts: {count} runs before one repeats
      </AlertTitle>
      <AlertDescription>
        <span>Each run takes the next variation; each text goes out at most once every 8 days from one account.</span>
        {preview && s.preview.length > 0 && (
          <ul className="mt-2 list-disc pl-5" data-testid="variations-preview">
            {s.preview.map((v) => (
              <li key={v}>{v}</li>
            ))}
          </ul>
        )}
      </AlertDescription>
    </Alert>
  );
}
