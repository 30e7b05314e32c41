import { AtSign, Link2 } from 'lucide-react';
import { Link } from 'wouter';
import { Avatar, AvatarFallback, AvatarImage } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useConnectedAccounts } from '@web/features/dashboard/api/dashboard-queries';

export function ConnectedAccountsCard() {
  const { data, error, isLoading } = useConnectedAccounts();
  return (
    <Card data-testid="connected-accounts">
      <CardHeader>
        <CardTitle>Your X accounts</CardTitle>
        <CardDescription>Replies are sent from these accounts</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Skeleton className="h-10 w-full" />
        ) : error ? (
          <p className="text-sm text-destructive">{error.message}</p>
        ) : data && data.length > 0 ? (
          <ul className="grid gap-2">
            {data.map((a) => (
              <li key={a.id} className="flex items-center gap-3">
                <Avatar className="size-8">
                  {a.profileImageUrl && <AvatarImage src={a.profileImageUrl} alt="" />}
                  <AvatarFallback>{a.username.slice(0, 2).toUpperCase()}</AvatarFallback>
                </Avatar>
                <span className="text-sm font-medium">@{a.username}</span>
              </li>
            ))}
          </ul>
        ) : (
          <div className="flex flex-col items-start gap-3">
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <AtSign className="size-4" />
              No X accounts connected yet.
            </p>
            <Button asChild size="sm" variant="outline">
              <Link href="/connected-accounts">
                <Link2 />
                Connect an account
              </Link>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
