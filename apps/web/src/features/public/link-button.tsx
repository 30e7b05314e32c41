import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button, type ButtonProps } from '@web/components/ui/button';

/** A wouter link styled as the app's Button (client-side navigation, real <a> for a11y). */
export function LinkButton({ href, variant, size, className, onClick, children }: {
  href: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <Link href={href} onClick={onClick}>{children}</Link>
    </Button>
  );
}
