// What a composer says while no AI model is connected: AI starts off, and the built-in offline
// writer (a labelled, deterministic rewriter) is all the AI switch gives until an admin connects
// an OpenAI-compatible model (README "AI writer").
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
  if (data === undefined || data.aiOffline !== true) return null;
  return (
    <Alert variant="info" data-testid="ai-provider-note">
      <Info />
      <AlertTitle>No AI model connected</AlertTitle>
      <AlertDescription>
        AI is off until an admin connects a model: any OpenAI-compatible server (OpenAI, OpenRouter, a local Ollama or llama.cpp) set with RIPOSTE_AI_BASE_URL,
        RIPOSTE_AI_MODEL and RIPOSTE_AI_API_KEY. Until then, AI replies come from the built-in offline writer, which only rewords your own text.
      </AlertDescription>
    </Alert>
  );
}
