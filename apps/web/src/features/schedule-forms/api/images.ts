// POST /api/v2/upload-image (multipart field 'image') -> {success, imageUrl, message}. The shared
// client (lib/api.ts) speaks JSON only, so the multipart request is made here with the same
// headers (CSRF) and the same error type. A failed upload stops scheduling (spec §7): callers get
// null after the 'Upload failed' toast.
import { toast } from '@web/components/ui/use-toast';
import { ApiError, CSRF_HEADER, newRequestId } from '@web/lib/api';

type UploadAnswer = { success?: boolean; imageUrl?: string; message?: string; error?: string };

async function readAnswer(res: Response): Promise<UploadAnswer | null> {
  try {
    return (await res.json()) as UploadAnswer;
  } catch {
    return null;
  }
}

export async function uploadImage(file: File): Promise<string | null> {
  const requestId = newRequestId();
  const body = new FormData();
  body.append('image', file, file.name);
  try {
    const res = await fetch('/api/v2/upload-image', {
      method: 'POST',
      headers: { Accept: 'application/json', [CSRF_HEADER]: '1', 'X-Request-Id': requestId },
      body,
      credentials: 'include',
    });
    const answer = await readAnswer(res);
    if (!res.ok || !answer?.success || !answer.imageUrl) {
      throw new ApiError(answer?.message || answer?.error || `Upload failed with status ${res.status}`, res.status, requestId, answer);
    }
    return answer.imageUrl;
  } catch (err) {
    toast({ title: 'Upload failed', description: err instanceof Error ? err.message : String(err), variant: 'destructive' });
    return null;
  }
}
