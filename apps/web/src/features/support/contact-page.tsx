// /contact: the support link of the payment and subscription pages.
import { ArrowLeft, LifeBuoy, Mail } from 'lucide-react';
import { usePublicConfig } from '@web/hooks/use-public-config';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { AuthLayout } from '@web/components/auth-layout';


export default function ContactPage() {
  const { data } = usePublicConfig();
  const email = data?.supportEmail;
  return (
    <AuthLayout>
      <Card>
        <CardHeader>
          <div className="mb-1 grid size-11 place-items-center rounded-full bg-indigo-100 text-indigo-700">
            <LifeBuoy className="size-5" />
          </div>
          <CardTitle as="h1" className="text-xl">Contact support</CardTitle>
          <CardDescription>Questions about your plan, billing, or a reply that did not go out? We are here to help.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {email ? (
            <Button asChild>
              <a href={`mailto:${email}`}>
                <Mail />
                {email}
              </a>
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">
              Write to the administrator of this Riposte installation. Include your username and, for a reply problem, the time it
              was scheduled.
            </p>
          )}
          <Button asChild variant="ghost" className="w-fit">
            <Link href="/">
              <ArrowLeft />
              Return to home page
            </Link>
          </Button>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
