// /payment (spec part 1 'Payment page' and 'Payment flow'): spinner while loading, the order
// summary, the PayPal button, 'Back to Pricing' and support. The order is created, the payer
// approves on PayPal's page (in sandbox mode the bundled emulator's clearly marked 'Sandbox
// checkout') and comes back here, the capture is called, the toast 'Payment Successful!' shows and
// after 1 second the success screen. Cancelling gives 'Payment Cancelled', a refused payment
// 'Payment Failed', anything else 'Payment Error'.
import { useEffect, useRef, useState } from 'react';
import { ArrowLeft, Check, CheckCircle2, FlaskConical, LifeBuoy, ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import { mutate } from 'swr';
import { AuthLayout } from '@web/components/auth-layout';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageSpinner, Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { ApiError } from '@web/lib/api';
import { refetchAuthStatus } from '@web/lib/auth';
import { BILLING_KEY } from '@web/features/billing/api/billing';
import { captureOrder, createOrder, usePayPalSetup } from '@web/features/billing/api/paypal';

/** Spec §9: the success screen shows 1 second after the capture. */
export const SUCCESS_SCREEN_DELAY_MS = 1000;

const TOASTS = {
  success: { title: 'Payment Successful!', description: 'Your premium subscription has been activated.' },
  failed: { title: 'Payment Failed', description: 'There was an error processing your payment. Please try again.', variant: 'destructive' as const },
  cancelled: { title: 'Payment Cancelled', description: 'You cancelled the payment process. No charges were made.' },
  error: { title: 'Payment Error', description: 'There was an error processing your payment. Please try again or contact support.', variant: 'destructive' as const },
};

type Phase = 'ready' | 'redirecting' | 'capturing' | 'paid' | 'success';

/** What PayPal's redirect back says: ?paypal=return&token=ORDER or ?paypal=cancel&token=ORDER. */
const returned = (): { kind: 'return' | 'cancel'; orderId: string } | null => {
  const q = new URLSearchParams(window.location.search);
  const kind = q.get('paypal');
  const orderId = q.get('token') ?? '';
  return (kind === 'return' || kind === 'cancel') && orderId !== '' ? { kind, orderId } : null;
};

function OrderSummary() {
  return (
    <div className="rounded-lg border bg-muted/40 p-4" data-testid="order-summary">
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
        <div className="mt-1 flex justify-between border-t pt-3 font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums">$20.00 USD</dd>
        </div>
      </dl>
    </div>
  );
}

function SuccessScreen() {
  return (
    <Card data-testid="payment-success">
      <CardHeader className="items-center text-center">
        <CheckCircle2 className="mx-auto size-12 text-emerald-600" />
        <CardTitle as="h1" className="text-xl">Payment Successful!</CardTitle>
        <CardDescription>Your premium subscription has been activated: unlimited replies, unlimited connected accounts and bulk scheduling.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link href="/dashboard">Go to Dashboard</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/schedule-replies">Schedule Replies</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

export default function PaymentPage() {
  const setup = usePayPalSetup();
  const [phase, setPhase] = useState<Phase>(() => (returned()?.kind === 'return' ? 'capturing' : 'ready'));
  const handled = useRef(false);

  // Back from PayPal: capture (or say it was cancelled), once, and clean the address.
  useEffect(() => {
    const back = returned();
    if (back === null || handled.current) return;
    handled.current = true;
    window.history.replaceState(null, '', '/payment');
    if (back.kind === 'cancel') {
      toast(TOASTS.cancelled);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    captureOrder(back.orderId)
      .then(async (answer) => {
        if (answer.status !== 'COMPLETED') throw new Error('The payment is pending at PayPal');
        toast(TOASTS.success);
        setPhase('paid');
        await Promise.all([refetchAuthStatus(), mutate('/api/user/trial-status'), mutate(BILLING_KEY)]);
        timer = setTimeout(() => setPhase('success'), SUCCESS_SCREEN_DELAY_MS);
      })
      .catch((err: unknown) => {
        setPhase('ready');
        toast(err instanceof ApiError && (err.status === 402 || err.status === 404) ? TOASTS.failed : TOASTS.error);
      });
    return () => clearTimeout(timer);
  }, []);

  async function pay() {
    setPhase('redirecting');
    try {
      const order = await createOrder();
      if (!order.approveUrl) throw new Error('PayPal gave no approval link');
      window.location.assign(order.approveUrl);
    } catch (err) {
      setPhase('ready');
      toast(err instanceof ApiError && err.status === 409 ? { ...TOASTS.error, description: err.message } : TOASTS.error);
    }
  }

  if (phase === 'success') {
    return (
      <AuthLayout>
        <SuccessScreen />
      </AuthLayout>
    );
  }
  if (setup.isLoading || phase === 'capturing' || phase === 'paid') return <PageSpinner label={phase === 'ready' ? 'Loading' : 'Completing your payment'} />;

  const sandbox = setup.data?.sandbox ?? false;
  return (
    <AuthLayout>
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-xl">Upgrade to Premium</CardTitle>
          <CardDescription>Unlimited replies, unlimited connected accounts and bulk scheduling.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <OrderSummary />
          <ul className="grid gap-1.5 text-sm">
            {['Cancel any time; Premium stays active to the end of the period', 'Unlimited connected X accounts', 'Advanced context-aware AI'].map((t) => (
              <li key={t} className="flex gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                {t}
              </li>
            ))}
          </ul>
          {setup.error ? (
            <p className="text-sm text-destructive" role="alert">
              PayPal is not available right now: {setup.error.message}
            </p>
          ) : (
            <div className="grid gap-2">
              {sandbox && (
                <Badge variant="warning" className="mx-auto" data-testid="sandbox-badge">
                  <FlaskConical /> Sandbox checkout: no real money moves
                </Badge>
              )}
              <Button
                className="w-full bg-[#ffc439] text-[#003087] hover:bg-[#f2ba36]"
                size="lg"
                onClick={() => void pay()}
                disabled={phase === 'redirecting'}
                data-testid="paypal-button"
              >
                {phase === 'redirecting' && <Spinner />}
                Pay with PayPal
              </Button>
            </div>
          )}
          <p className="flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
            <ShieldCheck className="size-3.5" /> Payments are processed securely by PayPal. $20.00 USD a month until you cancel.
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
