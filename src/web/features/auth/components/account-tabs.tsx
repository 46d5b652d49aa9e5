import type { PublicUser } from '#core/users/schemas.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

/** The landing page's Sign In and Sign Up tabs. */
export default function AccountTabs({ onSignedIn }: { onSignedIn: (user: PublicUser) => void }) {
  return (
    <Tabs defaultValue="signin" className="grid gap-5">
      <TabsList>
        <TabsTrigger value="signin">Sign In</TabsTrigger>
        <TabsTrigger value="signup">Sign Up</TabsTrigger>
      </TabsList>
      <TabsContent value="signin">
        <SignInForm onSignedIn={onSignedIn} />
      </TabsContent>
      <TabsContent value="signup">
        <SignUpForm onSignedUp={onSignedIn} />
      </TabsContent>
    </Tabs>
  );
}
