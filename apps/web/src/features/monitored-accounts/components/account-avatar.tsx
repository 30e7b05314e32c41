// An account's picture, or its initials (at most 2 letters, spec §9) while none is known.
import { Avatar, AvatarFallback, AvatarImage } from '@web/components/ui/avatar';
import { cn } from '@web/lib/utils';

export function accountInitials(displayName: string, username: string): string {
  const words = displayName.trim().split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const letters = words.length >= 2 ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}` : (words[0] ?? username).slice(0, 2);
  return letters.toUpperCase() || '?';
}

export function AccountAvatar({ account, className }: { account: { displayName: string; username: string; profilePicture: string | null }; className?: string }) {
  return (
    <Avatar className={cn('size-10', className)}>
      {account.profilePicture && <AvatarImage src={account.profilePicture} alt="" />}
      <AvatarFallback>{accountInitials(account.displayName, account.username)}</AvatarFallback>
    </Avatar>
  );
}
