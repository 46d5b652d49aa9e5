import type { ReactNode } from 'react';
import { useFormat } from '#web/lib/format.ts';
import { useText } from '#web/lib/i18n.ts';
import { infoText } from './text.ts';

/** A readable page of text: privacy, terms, support. `updated` is a day, 2026-11-22. */
export function ContentPage({
  title,
  updated,
  children,
}: {
  title: string;
  updated?: string;
  children: ReactNode;
}) {
  const t = useText(infoText);
  const f = useFormat();
  return (
    <article className="mx-auto grid max-w-3xl gap-4 px-4 py-8 leading-relaxed [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-bold [&_li]:ml-5 [&_li]:list-disc [&_a]:font-semibold [&_a]:text-primary [&_a]:underline">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
        {updated ? (
          <p className="text-sm text-muted-foreground">
            {t('lastUpdated', {
              date: f.date(`${updated}T12:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' }),
            })}
          </p>
        ) : null}
      </header>
      {children}
    </article>
  );
}
