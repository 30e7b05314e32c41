// The optional image of the schedule forms (spec part 2 §5): the shared schema checks the file as
// soon as it is picked; a refused file raises the spec's toast and is not kept. The picked file is
// uploaded when the form is sent (features/schedule-forms/api/images.ts).
import { useEffect, useId, useRef, useState } from 'react';
import { ImagePlus, X } from 'lucide-react';
import type { z } from 'zod';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';

type Props = {
  file: File | null;
  onChange: (file: File | null) => void;
  /** classicImageFileSchema or v2ImageFileSchema. */
  schema: z.ZodType;
  /** The toast's title for a refused file (classic: 'File too large'; V2: the issue itself). */
  titleFor: (message: string) => string;
  disabled?: boolean;
};

/**
 * The picked file as a data: URL for the preview. The server's CSP allows images from 'self' and
 * data: only, so a blob: URL would be refused.
 */
function useDataUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => setUrl(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return url;
}

export function ImagePicker({ file, onChange, schema, titleFor, disabled }: Props) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const preview = useDataUrl(file);

  const pick = (picked: File | undefined) => {
    if (!picked) return;
    const parsed = schema.safeParse({ type: picked.type, size: picked.size });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Invalid file';
      toast({ title: titleFor(message), description: message, variant: 'destructive' });
      if (input.current) input.current.value = '';
      return;
    }
    onChange(picked);
  };

  const clear = () => {
    onChange(null);
    if (input.current) input.current.value = '';
  };

  return (
    <div className="grid gap-2">
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        className="sr-only"
        aria-label="Image"
        disabled={disabled}
        onChange={(e) => pick(e.target.files?.[0])}
      />
      {file && preview ? (
        <div className="flex items-center gap-3 rounded-lg border p-2" data-testid="image-preview">
          <img src={preview} alt="Selected image preview" className="size-16 shrink-0 rounded-md object-cover" />
          <div className="min-w-0 flex-1 text-sm">
            <p className="truncate font-medium">{file.name}</p>
            <p className="text-xs text-muted-foreground">{(file.size / 1024).toFixed(0)} KB</p>
          </div>
          <Button variant="ghost" size="icon-sm" onClick={clear} aria-label="Remove image" disabled={disabled}>
            <X />
          </Button>
        </div>
      ) : (
        <label
          htmlFor={inputId}
          className="flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-dashed px-3 py-4 text-sm text-muted-foreground hover:bg-accent/50"
        >
          <ImagePlus className="size-4" />
          Add an image (PNG, JPEG, GIF or WebP, under 5 MB)
        </label>
      )}
    </div>
  );
}
