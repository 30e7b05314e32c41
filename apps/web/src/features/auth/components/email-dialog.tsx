// The 'Welcome to Riposte!' dialog (spec part 1 §2, §4): opens once when the needs-email check says
// so, and cannot be closed while saving.
import { useState } from 'react';
import { Mail } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { EmailForm } from '@web/features/auth/components/email-form';
import { emailPurpose } from '@web/features/auth/constants';
import { useAuth } from '@web/lib/auth';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; initialEmail: string };

export function EmailDialog({ open, onOpenChange, initialEmail }: Props) {
  const [saving, setSaving] = useState(false);
  const { user } = useAuth();
  return (
    <Dialog open={open} onOpenChange={(next) => (saving && !next ? undefined : onOpenChange(next))}>
      <DialogContent className="sm:max-w-md" showCloseButton={!saving} data-testid="email-dialog">
        <DialogHeader>
          <div className="mx-auto mb-1 grid size-11 place-items-center rounded-full bg-indigo-100 text-indigo-700 sm:mx-0">
            <Mail className="size-5" />
          </div>
          <DialogTitle>Welcome to Riposte!</DialogTitle>
          <DialogDescription>
            {emailPurpose(user?.tier)}
          </DialogDescription>
        </DialogHeader>
        <EmailForm
          key={initialEmail}
          initialEmail={initialEmail}
          onSavingChange={setSaving}
          onSaved={() => onOpenChange(false)}
          footer={(isSaving) => (
            <DialogFooter>
              <Button type="submit" disabled={isSaving} className="w-full sm:w-auto">
                {isSaving && <Spinner />}
                {isSaving ? 'Saving...' : 'Save Email'}
              </Button>
            </DialogFooter>
          )}
        />
      </DialogContent>
    </Dialog>
  );
}
