import { appText } from '#web/app/text.ts';
import { useText } from '#web/lib/i18n.ts';
import { AlertCircle } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';

export default function NotFoundPage() {
  const t = useText(appText);
  return (
    <div className="mx-auto flex max-w-md px-4 py-16">
      <Card className="grid w-full gap-4 p-6">
        <div className="flex items-center gap-2">
          <AlertCircle className="size-8 text-destructive" aria-hidden />
          <h1 className="text-2xl font-bold">{t('notFoundTitle')}</h1>
        </div>
        <p className="text-muted-foreground">{t('notFoundText')}</p>
        <Link href="/" className={buttonVariants()}>
          {t('goHome')}
        </Link>
      </Card>
    </div>
  );
}
