import { Link, useLocation, useSearch } from 'wouter';
import { AuthCard } from '../components/auth-card.tsx';
import { SignInForm } from '../components/sign-in-form.tsx';
import { landingPathFor } from '../post-sign-in.ts';

export default function LoginPage() {
  const [, navigate] = useLocation();
  const next = new URLSearchParams(useSearch()).get('next');
  return (
    <AuthCard
      title="Sign in"
      intro="Welcome back. Sign in to book and follow roadside help."
      footer={
        <Link
          href="/register"
          className="font-semibold text-primary underline-offset-4 hover:underline"
        >
          New to Truck Finder? Create an account
        </Link>
      }
    >
      <SignInForm onSignedIn={(user) => navigate(landingPathFor(user.role, next))} />
    </AuthCard>
  );
}
