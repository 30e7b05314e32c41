// Whether this session passed the X Admin step-up, and the way to pass it.
import { ShieldCheck, ShieldAlert } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { askForToken, useXAdminVerified } from '@web/features/polling/x-admin-store';

export function XAdminStatus() {
  const verified = useXAdminVerified();
  return verified ? (
    <Badge variant="secondary" className="gap-1" data-testid="x-admin-status">
      <ShieldCheck className="size-3" /> X Admin verified
    </Badge>
  ) : (
    <Button variant="outline" size="sm" onClick={() => askForToken()} data-testid="x-admin-status">
      <ShieldAlert /> Verify X Admin
    </Button>
  );
}
