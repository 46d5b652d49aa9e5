import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';

/** A shortcut of the profile: a link to another screen, or a button that acts here. */
export function QuickAction({
  icon,
  children,
  ...props
}: { icon: ReactNode; children: ReactNode } & ({ href: string } | { onClick: () => void })) {
  const className = buttonVariants({ variant: 'outline', className: 'justify-start' });
  return 'href' in props ? (
    <Link href={props.href} className={className}>
      {icon}
      {children}
    </Link>
  ) : (
    <Button variant="outline" className="justify-start" onClick={props.onClick}>
      {icon}
      {children}
    </Button>
  );
}
