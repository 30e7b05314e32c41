// The Billing section (spec part 2 'Settings'): the subscription's state, Cancel subscription, and
// the payment history from billing's events (date, amount, status, receipt).
import { useState } from 'react';
import { CalendarCheck, Crown, Download, Receipt } from 'lucide-react';
import { Link } from 'wouter';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { refetchAuthStatus, useAuth } from '@web/lib/auth';
import { tierBadge } from '@web/lib/user-model';
import { disputeText, PAYMENT_STATUS_LABELS, type PaymentStatus, type SubscriptionView } from '@core/billing/views';
import { cancelSubscription, receiptUrl, useBilling } from '@web/features/billing/api/billing';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
const fmt = (iso: string | null) => (iso ? day.format(new Date(iso)) : '—');
const money = (amount: string, currency: string) => (currency === 'USD' ? `$${amount}` : `${amount} ${currency}`);

const statusVariant: Record<PaymentStatus, 'success' | 'destructive' | 'warning' | 'secondary'> = {
  created: 'secondary',
  approved: 'secondary',
  paid: 'success',
  failed: 'destructive',
  refunded: 'warning',
  charged_back: 'warning',
};

function SubscriptionLine({ sub }: { sub: SubscriptionView | null }) {
  const { user } = useAuth();
  // Admins and legacy users have no subscription and are not on the trial either.
  if (sub === null && (user?.tier === 'admin' || user?.tier === 'legacy')) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="billing-status">
        No subscription: {tierBadge(user.tier, user.repliesRemaining).tooltip.replace(/^You have /, 'you have ')}.
      </p>
    );
  }
  if (sub === null) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="billing-status">
        You are on the free trial.{' '}
        <Link href="/payment" className="font-medium text-primary underline-offset-4 hover:underline">
          Upgrade to Premium
        </Link>
      </p>
    );
  }
  const ended = new Date(sub.periodEnd).getTime() <= Date.now();
  const text =
    sub.status === 'revoked'
      ? sub.endedBy === 'dispute'
        ? 'Premium ended: PayPal decided your dispute in your favour and returned the payment.'
        : sub.endedBy === 'chargeback'
          ? 'Premium ended: the payment was charged back.'
          : 'Premium ended: the payment was refunded.'
      : ended
        ? `Premium ended on ${fmt(sub.periodEnd)}.`
        : sub.status === 'active'
          ? `Premium is active and renews on ${fmt(sub.periodEnd)} ($20.00 USD).`
          : sub.status === 'cancelled'
            ? `Cancelled: Premium stays active until ${fmt(sub.periodEnd)} and will not renew.`
            : `The renewal payment failed: Premium stays active until ${fmt(sub.periodEnd)}. Pay again to keep it.`;
  return (
    <p className="flex items-start gap-2 text-sm" data-testid="billing-status">
      {sub.status === 'active' && !ended ? <Crown className="mt-0.5 size-4 text-amber-500" /> : <CalendarCheck className="mt-0.5 size-4 text-muted-foreground" />}
      <span>{text}</span>
    </p>
  );
}

export function BillingSection() {
  const { data, error, isLoading } = useBilling();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const sub = data?.subscription ?? null;
  const cancellable = sub !== null && sub.status === 'active' && new Date(sub.periodEnd).getTime() > Date.now();

  async function cancel() {
    setPending(true);
    try {
      const view = await cancelSubscription();
      await refetchAuthStatus();
      setConfirming(false);
      toast({ title: 'Subscription cancelled', description: `Premium stays active until ${fmt(view.subscription?.periodEnd ?? null)}.` });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to cancel the subscription'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  return (
    <Card data-testid="billing-section">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Receipt className="size-5 text-primary" /> Billing
        </CardTitle>
        <CardDescription>Your Premium subscription and payments, paid through PayPal.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {error && <p className="text-sm text-destructive">{error.message}</p>}
        {isLoading ? <Skeleton className="h-5 w-2/3" /> : <SubscriptionLine sub={sub} />}
        {cancellable && (
          <Button variant="outline" className="w-fit" onClick={() => setConfirming(true)}>
            Cancel subscription
          </Button>
        )}
        {data && data.payments.length > 0 && (
          <div className="overflow-x-auto">
            <Table data-testid="payment-history">
              <TableHeader>
                <TableRow>
                  <TableHead>Date</TableHead>
                  <TableHead>Amount</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="text-right">Receipt</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.payments.map((p) => (
                  <TableRow key={p.orderId}>
                    <TableCell>{fmt(p.paidAt ?? p.createdAt)}</TableCell>
                    <TableCell className="tabular-nums">{money(p.amount, p.currency)}</TableCell>
                    <TableCell>
                      <Badge variant={statusVariant[p.status]}>{PAYMENT_STATUS_LABELS[p.status]}</Badge>
                      {p.dispute && (
                        <p className="mt-1 max-w-xs text-xs text-muted-foreground" data-testid="payment-dispute">
                          {disputeText(p.dispute)}
                        </p>
                      )}
                    </TableCell>
                    <TableCell className="text-right">
                      {p.paidAt ? (
                        <a href={receiptUrl(p.orderId)} className="inline-flex items-center gap-1 text-sm text-primary hover:underline" download>
                          <Download className="size-4" /> Receipt
                        </a>
                      ) : (
                        <span className="text-sm text-muted-foreground">—</span>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </CardContent>
      <AlertDialog open={confirming} onOpenChange={(open) => !open && !pending && setConfirming(false)}>
        <AlertDialogContent data-testid="cancel-subscription-dialog">
          <AlertDialogHeader>
            <AlertDialogTitle>Cancel your subscription?</AlertDialogTitle>
            <AlertDialogDescription>
              Premium stays active until {fmt(sub?.periodEnd ?? null)}. After that you will not be charged again, and replies stop unless you
              upgrade again.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending}>Keep Premium</AlertDialogCancel>
            <Button variant="destructive" onClick={() => void cancel()} disabled={pending}>
              {pending && <Spinner />}
              {pending ? 'Cancelling...' : 'Cancel subscription'}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
