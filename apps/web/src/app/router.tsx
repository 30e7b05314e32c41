// Top-level routing. Public pages and the signed-in area are split into lazy chunks so the first
// load carries only the shell of the app.
import { lazy, Suspense } from 'react';
import { matchRoute, Route, Switch, useLocation, useRouter } from 'wouter';
import { PageSpinner } from '@web/components/ui/spinner';
import { documentTitle, signedInPatterns } from '@web/app/routes';
import { SkipLink } from '@web/components/skip-link';
import { ProtectedRoute } from '@web/features/auth/components/protected-route';

const LandingPage = lazy(() => import('@web/features/public/landing'));
const TryItFreePage = lazy(() => import('@web/features/public/try-it-free'));
const PricingPage = lazy(() => import('@web/features/public/pricing'));
const PrivacyPage = lazy(() => import('@web/features/public/privacy'));
const NotFoundPage = lazy(() => import('@web/features/errors/not-found-page'));
const AuthPage = lazy(() => import('@web/features/auth/routes/auth-page'));
const ForgotPasswordPage = lazy(() => import('@web/features/auth/routes/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('@web/features/auth/routes/reset-password-page'));
const XAuthCallback = lazy(() => import('@web/features/auth/routes/x-auth-callback'));
const EmailCollectionPage = lazy(() => import('@web/features/auth/routes/email-collection-page'));
const PaymentPage = lazy(() => import('@web/features/billing/payment-page'));
const ContactPage = lazy(() => import('@web/features/support/contact-page'));
const SignedInArea = lazy(() => import('@web/app/signed-in-area'));

export function AppRoutes() {
  const [location] = useLocation();
  const { parser } = useRouter();
  const inSignedInArea = signedInPatterns.some((p) => matchRoute(parser, p, location)[0]);

  return (
    <>
      {/* React 19 hoists <title> into <head>. */}
      <title>{documentTitle(parser, location)}</title>
      <SkipLink />
      <Suspense fallback={<PageSpinner />}>
        {inSignedInArea ? (
          <SignedInArea />
        ) : (
          <Switch>
            <Route path="/" component={LandingPage} />
            <Route path="/auth" component={AuthPage} />
            <Route path="/forgot-password" component={ForgotPasswordPage} />
            <Route path="/reset-password" component={ResetPasswordPage} />
            <Route path="/x-auth-callback" component={XAuthCallback} />
            <Route path="/try-it-free" component={TryItFreePage} />
            <Route path="/pricing" component={PricingPage} />
            <Route path="/privacy" component={PrivacyPage} />
            <Route path="/contact" component={ContactPage} />
            <Route path="/payment">
              <ProtectedRoute>
                <PaymentPage />
              </ProtectedRoute>
            </Route>
            <Route path="/email-collection">
              <ProtectedRoute>
                <EmailCollectionPage />
              </ProtectedRoute>
            </Route>
            <Route component={NotFoundPage} />
          </Switch>
        )}
      </Suspense>
    </>
  );
}
