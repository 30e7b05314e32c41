// V2's repurpose prompt (spec part 2 §5): the user names a style; friendly, professional,
// humorous, analytical, contrarian or savage_comeback rewrite the content, any other answer does
// nothing. A small dialog instead of the browser's prompt(), with the accepted names listed.
import { useState, type FormEvent } from 'react';
import { parseRepurposeAnswer, REPURPOSE_STYLES, type RepurposeStyle } from '@core/styles';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';

type Props = { open: boolean; onClose: () => void; onStyle: (style: RepurposeStyle) => void };

export function RepurposeDialog({ open, onClose, onStyle }: Props) {
  const [answer, setAnswer] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const style = parseRepurposeAnswer(answer);
    setAnswer('');
    onClose();
    if (style !== null) onStyle(style);
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-md" data-testid="repurpose-dialog">
        <DialogHeader>
          <DialogTitle>Repurpose content</DialogTitle>
          <DialogDescription>Enter a style: {REPURPOSE_STYLES.join(', ')}.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" aria-label="Repurpose content">
          <div className="grid gap-2">
            <Label htmlFor="repurpose-style">Style</Label>
            <Input id="repurpose-style" list="repurpose-styles" value={answer} autoComplete="off" onChange={(e) => setAnswer(e.target.value)} autoFocus />
            <datalist id="repurpose-styles">
              {REPURPOSE_STYLES.map((s) => (
                <option key={s} value={s} />
              ))}
            </datalist>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">OK</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
