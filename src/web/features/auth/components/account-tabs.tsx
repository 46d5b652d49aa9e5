import { lazy, Suspense } from 'react';
import type { PublicUser } from '#core/users/schemas.ts';
import { useText } from '#web/lib/i18n.ts';
import { authText } from '../text.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { SignInForm } from './sign-in-form.tsx';

// Most visits sign in: the sign-up form (with its password meter) loads when its tab is pressed.
const loadSignUp = () => import('./sign-up-form.tsx');
const SignUpForm = lazy(() => loadSignUp().then((module) => ({ default: module.SignUpForm })));

/** As tall as the sign-up form's first fields, while it loads. */
function FormSkeleton() {
  return (
    <div className="grid gap-3" aria-busy="true">
      <div className="h-11 animate-pulse rounded-lg bg-muted" />
      <div className="h-11 animate-pulse rounded-lg bg-muted" />
      <div className="h-11 animate-pulse rounded-lg bg-muted" />
    </div>
  );
}

/** The landing page's Sign In and Sign Up tabs. */
export default function AccountTabs({ onSignedIn }: { onSignedIn: (user: PublicUser) => void }) {
  const t = useText(authText);
  return (
    <Tabs defaultValue="signin" className="grid gap-5">
      <TabsList>
        <TabsTrigger value="signin">{t('signInTab')}</TabsTrigger>
        <TabsTrigger
          value="signup"
          onPointerEnter={() => void loadSignUp()}
          onFocus={() => void loadSignUp()}
        >
          {t('signUpTab')}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="signin">
        <SignInForm onSignedIn={onSignedIn} />
      </TabsContent>
      <TabsContent value="signup">
        <Suspense fallback={<FormSkeleton />}>
          <SignUpForm onSignedUp={onSignedIn} />
        </Suspense>
      </TabsContent>
    </Tabs>
  );
}
