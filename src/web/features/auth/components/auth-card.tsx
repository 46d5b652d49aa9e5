import type { ReactNode } from 'react';
import { Card } from '#web/components/ui/card.tsx';

/** The narrow card the sign-in and password screens share. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto grid max-w-md gap-4 px-4 py-8 md:py-14">
      <Card className="grid gap-5 p-5 md:p-6">
        <div className="grid gap-1">
          <h1 className="text-2xl font-extrabold tracking-tight">{title}</h1>
          {intro ? <p className="text-muted-foreground">{intro}</p> : null}
        </div>
        {children}
      </Card>
      {footer ? <div className="grid gap-2 text-center text-sm">{footer}</div> : null}
    </div>
  );
}
