// The two rewrite calls of the schedule forms (spec part 2 §7, §8): the classic Repurpose button
// asks for a unique variation; V2's names a style. `seed` asks for another variation ('Try again'). Failures raise the spec's toasts.
import type { RepurposeStyle } from '@core/styles';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, errorMessage } from '@web/lib/api';

/** Classic: POST /api/repurpose-content {content, maxLength} -> {success, repurposedContent} | {message}. */
export async function repurposeClassic(content: string, seed?: number, maxLength = 4000): Promise<string | null> {
  try {
    const answer = await apiRequest<{ success?: boolean; repurposedContent?: string; message?: string }>('POST', '/api/repurpose-content', {
      content,
      maxLength,
      seed,
    });
    if (!answer?.repurposedContent) {
      toast({ title: 'Failed to repurpose content', description: answer?.message || 'No repurposed content returned from the server', variant: 'destructive' });
      return null;
    }
    return answer.repurposedContent;
  } catch (err) {
    toast({ title: 'Error repurposing content', description: errorMessage(err, 'An unexpected error occurred'), variant: 'destructive' });
    return null;
  }
}

/** V2: POST /api/v2/repurpose {originalContent, targetStyle} -> {success, content, message}. */
export async function repurposeV2(originalContent: string, targetStyle: RepurposeStyle, seed?: number): Promise<string | null> {
  try {
    const answer = await apiRequest<{ success?: boolean; content?: string; message?: string }>('POST', '/api/v2/repurpose', { originalContent, targetStyle, seed });
    if (!answer?.success || !answer.content) {
      toast({ title: 'Failed to repurpose content', description: answer?.message || 'No repurposed content returned from the server', variant: 'destructive' });
      return null;
    }
    toast({ title: 'Content repurposed', description: answer.message });
    return answer.content;
  } catch (err) {
    toast({ title: 'Error repurposing content', description: errorMessage(err, 'An unexpected error occurred'), variant: 'destructive' });
    return null;
  }
}
