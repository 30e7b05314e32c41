// What a composer says about the AI switch: while no model is connected, AI starts off and the
// built-in offline writer (a labelled, deterministic rewriter) is all it gives until an admin
// connects an OpenAI-compatible model (Admin › AI Provider, or RIPOSTE_AI_*; README "AI writer").
// With a model connected, what happens to an AI reply when the provider fails.
import { Info } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { usePublicConfig } from '@web/hooks/use-public-config';

/** True once the server said a model is connected (unknown counts as not). */
export function useAiConnected(): boolean {
  const { data } = usePublicConfig();
  return data?.aiOffline === false;
}

export function AiProviderNote() {
  const { data } = usePublicConfig();
  if (data === undefined) return null;
  if (data.aiOffline === false) {
    return (
      <p className="text-xs text-muted-foreground" data-testid="ai-fallback-note" data-fallback={data.aiFallback ?? 'wait'}>
        {data.aiFallback === 'offline'
          ? 'If the AI provider fails or a limit is reached, the offline writer writes the reply instead, labelled as such.'
          : 'If the AI provider fails, an AI reply waits while it is on time, then is skipped with the reason; nothing else is posted in its place.'}
      </p>
    );
  }
  if (data.aiOffline !== true) return null;
  return (
    <Alert variant="info" data-testid="ai-provider-note">
      <Info />
      <AlertTitle>No AI model connected</AlertTitle>
      <AlertDescription>
        AI is off until an admin connects a model on Admin › AI Provider: any OpenAI-compatible server (OpenAI, OpenRouter, a local Ollama or llama.cpp), or with
        RIPOSTE_AI_BASE_URL, RIPOSTE_AI_MODEL and RIPOSTE_AI_API_KEY. Until then, AI replies come from the built-in offline writer, which only rewords your own text.
      </AlertDescription>
    </Alert>
  );
}
