// /payment: the order summary. There is no payment provider behind it: the page says so plainly
// and never pretends a payment succeeded.
import { ArrowLeft, Check, CreditCard, LifeBuoy, ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Separator } from '@web/components/ui/separator';
import { AuthLayout } from '@web/components/auth-layout';

export default function PaymentPage() {
  return (
    <AuthLayout>
      <Card data-testid="order-summary">
        <CardHeader>
          <CardTitle className="text-xl">Upgrade to Premium</CardTitle>
          <CardDescription>Unlimited replies, every curated account and bulk scheduling.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <div className="rounded-lg border bg-muted/40 p-4">
            <h3 className="text-sm font-semibold">Order summary</h3>
            <dl className="mt-3 grid gap-2 text-sm">
              <div className="flex justify-between">
                <dt>Premium Plan</dt>
                <dd className="tabular-nums">$20.00</dd>
              </div>
              <div className="flex justify-between text-muted-foreground">
                <dt>Billing</dt>
                <dd>Monthly, renews automatically</dd>
              </div>
              <Separator className="my-1" />
              <div className="flex justify-between font-semibold">
                <dt>Total</dt>
                <dd className="tabular-nums">$20.00 USD</dd>
              </div>
            </dl>
          </div>
          <ul className="grid gap-1.5 text-sm">
            {['Cancel any time; Premium stays active to the end of the period', 'Unlimited connected X accounts', 'Advanced context-aware AI'].map((t) => (
              <li key={t} className="flex gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                {t}
              </li>
            ))}
          </ul>
          <div className="grid gap-2 rounded-lg border border-dashed p-4 text-center" data-testid="payment-placeholder">
            <CreditCard className="mx-auto size-6 text-muted-foreground" />
            <Badge variant="warning" className="mx-auto">
              Coming next
            </Badge>
            <p className="text-sm text-muted-foreground">
              Online payment is not available yet: the PayPal button arrives with the billing release. Nothing will be charged from
              this page until then.
            </p>
          </div>
          <p className="flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
            <ShieldCheck className="size-3.5" /> Payments will be processed securely by PayPal.
          </p>
          <div className="flex flex-wrap justify-between gap-2 text-sm">
            <Link href="/pricing" className="inline-flex items-center gap-1.5 text-muted-foreground hover:text-foreground">
              <ArrowLeft className="size-4" /> Back to Pricing
            </Link>
            <Link href="/contact" className="inline-flex items-center gap-1.5 text-muted-foreground hover:text-foreground">
              <LifeBuoy className="size-4" /> Contact support
            </Link>
          </div>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
