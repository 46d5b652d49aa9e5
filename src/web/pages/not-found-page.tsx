import { AlertCircle } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';

export default function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-md px-4 py-16">
      <Card className="grid w-full gap-4 p-6">
        <div className="flex items-center gap-2">
          <AlertCircle className="size-8 text-destructive" aria-hidden />
          <h1 className="text-2xl font-bold">404 Page Not Found</h1>
        </div>
        <p className="text-muted-foreground">Did you forget to add the page to the router?</p>
        <Link href="/" className={buttonVariants()}>
          Go home
        </Link>
      </Card>
    </div>
  );
}
