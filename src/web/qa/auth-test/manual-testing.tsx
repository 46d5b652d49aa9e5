import { LogIn, Trash2, UserPlus, Wand2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { roleLabels, roles, type Role } from '#core/users/roles.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import {
  accountFromRegistration,
  describeFields,
  endSession,
  fieldMessages,
  loginWithBearer,
  registerWithBearer,
  type AuthAnswer,
  type SignInAnswer,
} from './auth-calls.ts';
import { signedInUser, toastSignIn } from '../shared/use-demo-sign-in.ts';
import { useManualAccounts } from './use-manual-accounts.ts';
import { offContract, type QaResponse } from '../shared/qa-api.ts';
import { testAccountDetails } from '../shared/test-accounts.ts';
import { SelectField } from '../shared/select-field.tsx';
import { TextField } from '../shared/text-field.tsx';
import { ResponseSummary } from '../shared/response-summary.tsx';

interface Answer {
  action: 'Registration' | 'Sign-in';
  response: QaResponse<AuthAnswer | SignInAnswer>;
  /** The sign-out that closed a sign-in's test session right away. */
  ended?: QaResponse;
}

const registrationFields = [
  { field: 'username', label: 'Username' },
  { field: 'name', label: 'Full name' },
  { field: 'email', label: 'Email', type: 'email' },
  { field: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { field: 'phone', label: 'Phone', type: 'tel' },
] as const;

const roleOptions = roles.map((role) => [role, roleLabels[role]] as const);

const emptyRegistration = {
  username: '',
  name: '',
  email: '',
  password: '',
  phone: '',
  role: 'driver' as Role,
};

/** Registration and sign-in forms on the live API, on bearer sessions that leave the page's own. */
export function ManualTesting() {
  const { accounts, track, remove, deleting } = useManualAccounts();
  const [registration, setRegistration] = useState(emptyRegistration);
  const [login, setLogin] = useState({ email: '', password: '' });
  const [busy, setBusy] = useState<'register' | 'login' | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);

  const setField = (field: keyof typeof emptyRegistration) => (value: string) =>
    setRegistration((r) => ({ ...r, [field]: value }));

  async function register(event: FormEvent) {
    event.preventDefault();
    if (!registration.username.trim() || !registration.email.trim() || !registration.password) {
      toast({
        title: 'Missing fields',
        description: 'Please fill in all required fields',
        variant: 'destructive',
      });
      return;
    }
    setBusy('register');
    // The form offers the admin role too, so that its refusal can be seen.
    const response = await registerWithBearer({
      ...registration,
      role: offContract(registration.role),
    });
    setBusy(null);
    setAnswer({ action: 'Registration', response });
    const account = accountFromRegistration(response, registration);
    if (account) {
      track(account);
      setRegistration(emptyRegistration);
      toast({
        title: 'Account created!',
        description: `Welcome to Truck Finder, ${account.user.name}!`,
        variant: 'success',
      });
    } else {
      toast({
        title: 'Registration failed',
        description: (!response.ok && response.message) || 'Unknown error',
        variant: 'destructive',
      });
    }
  }

  async function signIn(event: FormEvent) {
    event.preventDefault();
    if (!login.email.trim() || !login.password) {
      toast({
        title: 'Missing credentials',
        description: 'Please enter email and password',
        variant: 'destructive',
      });
      return;
    }
    setBusy('login');
    const response = await loginWithBearer(login);
    const token = response.ok ? response.body?.token : undefined;
    const ended = token ? await endSession(token) : undefined;
    setBusy(null);
    setAnswer({ action: 'Sign-in', response, ended });
    toastSignIn(response, login.email);
  }

  async function deleteAccount(id: string) {
    const account = accounts.find((a) => a.user.id === id);
    if (!account) return;
    const response = await remove(account);
    if (response.ok) toast({ title: 'Account deleted', description: account.email });
    else
      toast({
        title: 'Delete failed',
        description: `${response.status}: ${response.message}`,
        variant: 'destructive',
      });
  }

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        These forms call the real API with a session of their own: your own sign-in on this page
        stays as it is. Accounts created here are listed below and deleted when you leave the page.
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="p-4 sm:p-6">
          <form className="grid gap-4" onSubmit={(e) => void register(e)} noValidate>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="flex items-center gap-2 text-lg font-bold">
                <UserPlus className="size-5" aria-hidden /> Registration
              </h2>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => {
                  const { username, name, email, password, phone } = testAccountDetails('driver');
                  setRegistration({
                    username,
                    name,
                    email,
                    password,
                    phone,
                    role: registration.role,
                  });
                }}
              >
                <Wand2 aria-hidden /> Fill test data
              </Button>
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              {registrationFields.map(({ field, ...props }) => (
                <TextField
                  key={field}
                  {...props}
                  value={registration[field]}
                  onValueChange={setField(field)}
                />
              ))}
              <SelectField
                label="Role"
                value={registration.role}
                options={roleOptions}
                onValueChange={setField('role')}
              />
            </div>
            <Button type="submit" disabled={busy !== null}>
              {busy === 'register' ? 'Creating Account...' : 'Register'}
            </Button>
          </form>
        </Card>
        <Card className="p-4 sm:p-6">
          <form className="grid gap-4" onSubmit={(e) => void signIn(e)} noValidate>
            <h2 className="flex items-center gap-2 text-lg font-bold">
              <LogIn className="size-5" aria-hidden /> Sign in
            </h2>
            <TextField
              label="Email"
              type="email"
              value={login.email}
              onValueChange={(email) => setLogin((l) => ({ ...l, email }))}
            />
            <TextField
              label="Password"
              type="password"
              value={login.password}
              onValueChange={(password) => setLogin((l) => ({ ...l, password }))}
            />
            <Button type="submit" disabled={busy !== null}>
              {busy === 'login' ? 'Signing in...' : 'Sign In'}
            </Button>
            <p className="text-xs text-muted-foreground">
              A successful test sign-in is signed out again at once.
            </p>
          </form>
        </Card>
      </div>
      <AnswerCard answer={answer} />
      <Card className="grid gap-3 p-4 sm:p-6">
        <h2 className="text-lg font-bold">Accounts created on this page</h2>
        {accounts.length === 0 ? (
          <p className="text-sm text-muted-foreground">None yet.</p>
        ) : (
          <ul className="grid gap-2">
            {accounts.map((account) => (
              <li
                key={account.user.id}
                className="flex flex-wrap items-center gap-3 rounded-lg border p-3"
              >
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <p className="font-medium wrap-anywhere">{account.user.name}</p>
                  <p className="text-sm text-muted-foreground wrap-anywhere">{account.email}</p>
                </div>
                <Badge variant="secondary">{roleLabels[account.user.role]}</Badge>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setLogin({ email: account.email, password: account.password })}
                  aria-label={`Use ${account.email} to sign in`}
                >
                  Use to sign in
                </Button>
                <Button
                  variant="destructive"
                  size="sm"
                  disabled={deleting === account.user.id}
                  onClick={() => void deleteAccount(account.user.id)}
                  aria-label={`Delete ${account.email}`}
                >
                  <Trash2 aria-hidden />
                  {deleting === account.user.id ? 'Deleting...' : 'Delete'}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function AnswerCard({ answer }: { answer: Answer | null }) {
  const fields = answer ? fieldMessages(answer.response) : {};
  const user = answer?.response.ok ? signedInUser(answer.response.body) : undefined;
  return (
    <Card className="grid gap-2 p-4 sm:p-6" aria-live="polite" data-testid="manual-answer">
      <h2 className="text-lg font-bold">Server answer</h2>
      {!answer ? (
        <p className="text-sm text-muted-foreground">Submit a form to see what the server says.</p>
      ) : (
        <>
          <p className="text-sm font-semibold">
            {answer.action} {answer.response.ok ? 'succeeded' : 'failed'}
          </p>
          <ResponseSummary response={answer.response} />
          {Object.keys(fields).length > 0 && (
            <p className="text-sm wrap-anywhere text-destructive">{describeFields(fields)}</p>
          )}
          {user && (
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Name</dt>
              <dd className="wrap-anywhere">{user.name}</dd>
              <dt className="text-muted-foreground">Email</dt>
              <dd className="wrap-anywhere">{user.email}</dd>
              <dt className="text-muted-foreground">Role</dt>
              <dd>{roleLabels[user.role]}</dd>
              <dt className="text-muted-foreground">User id</dt>
              <dd className="wrap-anywhere">{user.id}</dd>
            </dl>
          )}
          {answer.ended && (
            <div className="grid gap-1 text-sm">
              <p className="font-semibold">The test session was then signed out:</p>
              <ResponseSummary response={answer.ended} />
            </div>
          )}
        </>
      )}
    </Card>
  );
}
