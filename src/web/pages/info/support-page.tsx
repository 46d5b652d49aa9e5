import { Mail, Phone, ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { Card } from '#web/components/ui/card.tsx';
import { ContentPage } from './content-page.tsx';

export default function SupportPage() {
  return (
    <ContentPage title="Support">
      <Card className="flex items-start gap-3 border-destructive p-4">
        <ShieldAlert className="mt-0.5 size-6 shrink-0 text-destructive" aria-hidden />
        <p>
          <strong>In danger or blocking traffic?</strong> Call 911 first, turn on your hazards and
          set out your warning triangles.
        </p>
      </Card>
      <div className="grid gap-3 sm:grid-cols-2">
        <Card className="grid gap-1 p-4">
          <Phone className="size-6 text-primary" aria-hidden />
          <h2 className="!mt-1 !text-lg">Call us, 24/7</h2>
          <a href="tel:+18005550199">(800) 555-0199</a>
        </Card>
        <Card className="grid gap-1 p-4">
          <Mail className="size-6 text-primary" aria-hidden />
          <h2 className="!mt-1 !text-lg">Write to us</h2>
          <a href="mailto:support@truckfinder.test">support@truckfinder.test</a>
        </Card>
      </div>
      <h2>Common questions</h2>
      <h3 className="font-bold">How do I find help near me?</h3>
      <p>
        Open <Link href="/home">Find Services</Link> and allow location access. Providers are sorted
        by availability, rating and distance.
      </p>
      <h3 className="font-bold">I forgot my password.</h3>
      <p>
        Use <Link href="/forgot-password">Forgot your password?</Link> on the sign-in screen; we
        email you a link that works once.
      </p>
      <h3 className="font-bold">How do I list my shop?</h3>
      <p>
        Apply on the <Link href="/register">registration page</Link> under Service Provider. We
        review applications within 24 hours.
      </p>
    </ContentPage>
  );
}
