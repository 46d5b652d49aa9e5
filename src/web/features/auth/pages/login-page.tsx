import { Link, useLocation, useSearch } from 'wouter';
import { useText } from '#web/lib/i18n.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { SignInForm } from '../components/sign-in-form.tsx';
import { landingPathFor } from '../post-sign-in.ts';
import { authText } from '../text.ts';

export default function LoginPage() {
  const [, navigate] = useLocation();
  const next = new URLSearchParams(useSearch()).get('next');
  const t = useText(authText);
  return (
    <AuthCard
      title={t('signInTitle')}
      intro={t('signInIntro')}
      footer={
        <Link
          href="/register"
          className="font-semibold text-primary underline-offset-4 hover:underline"
        >
          {t('newHere')}
        </Link>
      }
    >
      <SignInForm onSignedIn={(user) => navigate(landingPathFor(user.role, next))} />
    </AuthCard>
  );
}
