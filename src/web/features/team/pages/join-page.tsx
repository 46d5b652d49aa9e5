import { Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import type { TeamInvitePreview } from '#core/team/schemas.ts';
import { ApiError } from '#web/api/transport.ts';
import { PasswordMeter } from '#web/components/password-meter.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { Card } from '#web/components/ui/card.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useLogout, useMe } from '#web/features/auth/index.ts';
import { T, textOf, useText } from '#web/lib/i18n.ts';
import { lazyResolver } from '#web/lib/lazy-resolver.ts';
import { joinText } from '../join-text.ts';
import { useAcceptInvite, useInvitePreview } from '../api/use-team.ts';

const resolver = lazyResolver(() =>
  import('#core/team/schemas.ts').then((m) => m.acceptTeamInviteSchema.omit({ token: true })),
);
type JoinForm = { name: string; phone: string; password: string };

function Shell({ children }: { children: ReactNode }) {
  return <div className="mx-auto grid max-w-lg gap-4 px-4 py-8">{children}</div>;
}

function DeadLink() {
  const t = useText(joinText);
  return (
    <Card role="alert" className="grid justify-items-center gap-3 p-6 text-center">
      <h1 className="text-xl font-bold">{t('invitationNotValid')}</h1>
      <p>{t('deadLink')}</p>
      <Link href="/" className={buttonVariants()}>
        {t('goHome')}
      </Link>
    </Card>
  );
}

function JoinFormCard({ token, preview }: { token: string; preview: TeamInvitePreview }) {
  const t = useText(joinText);
  const [, navigate] = useLocation();
  const accept = useAcceptInvite();
  const [serverError, setServerError] = useState<string>();
  const form = useForm<JoinForm>({
    resolver,
    defaultValues: { name: '', phone: '', password: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const [name, password] = useWatch({ control: form.control, name: ['name', 'password'] });

  const submit = form.handleSubmit((values) => {
    setServerError(undefined);
    accept.mutate(
      { token, ...values },
      {
        onSuccess: () => {
          toast({
            title: textOf(joinText)('welcome', { business: preview.businessName }),
            variant: 'success',
          });
          navigate('/bookings');
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            for (const [field, message] of Object.entries(error.fields))
              if (field === 'name' || field === 'phone' || field === 'password')
                form.setError(field, { type: 'server', message });
          }
          setServerError(error.message);
        },
      },
    );
  });

  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <div className="grid gap-1">
        <h1 className="flex items-center gap-2 text-xl font-bold">
          <Users className="size-5 text-primary" aria-hidden />
          {t('joinBusiness', { business: preview.businessName })}
        </h1>
        <p className="text-muted-foreground">
          <T
            text={joinText}
            id="invitedAs"
            values={{ role: preview.role, email: preview.email }}
            components={{
              0: <span className="break-all font-semibold text-foreground" translate="no" />,
            }}
          />
        </p>
      </div>
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t('createYourAccount')}>
        <Field label={t('fullName')} error={errors.name?.message}>
          {(ids) => <Input {...ids} autoComplete="name" {...form.register('name')} />}
        </Field>
        <Field label={t('phone')} error={errors.phone?.message}>
          {(ids) => (
            <Input
              {...ids}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder={t('phonePlaceholder')}
              {...form.register('phone')}
            />
          )}
        </Field>
        <Field label={t('password')} error={errors.password?.message}>
          {(ids) => (
            <>
              <PasswordInput {...ids} autoComplete="new-password" {...form.register('password')} />
              <PasswordMeter password={password} owner={{ email: preview.email, name }} />
            </>
          )}
        </Field>
        <FormError message={serverError} />
        <Button type="submit" size="lg" disabled={accept.isPending}>
          {accept.isPending ? t('creatingAccount') : t('createAndJoin')}
        </Button>
      </form>
    </Card>
  );
}

function Join({ token }: { token: string }) {
  const t = useText(joinText);
  const preview = useInvitePreview(token);
  if (!token) return <DeadLink />;
  if (preview.isPending)
    return (
      <div
        className="h-64 animate-pulse rounded-xl bg-muted"
        role="status"
        aria-label={t('loadingInvitation')}
      />
    );
  if (preview.isError) {
    const dead = preview.error instanceof ApiError && [400, 404].includes(preview.error.status);
    if (dead) return <DeadLink />;
    return (
      <div role="alert" className="grid justify-items-center gap-3 text-center">
        <p className="font-semibold text-destructive">{preview.error.message}</p>
        <Button variant="outline" onClick={() => void preview.refetch()}>
          {t('tryAgain')}
        </Button>
      </div>
    );
  }
  return <JoinFormCard token={token} preview={preview.data} />;
}

/** /join?token=…: accepting a business's invitation makes the member's own account. */
export default function JoinPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const t = useText(joinText);
  const me = useMe();
  const logout = useLogout();
  if (me.isPending)
    return (
      <Shell>
        <div
          className="h-64 animate-pulse rounded-xl bg-muted"
          role="status"
          aria-label={t('loading')}
        />
      </Shell>
    );
  if (me.data)
    return (
      <Shell>
        <Card role="alert" className="grid justify-items-center gap-3 p-6 text-center">
          <h1 className="text-xl font-bold">{t('signOutFirst')}</h1>
          <p>
            <T
              text={joinText}
              id="signedInAs"
              values={{ email: me.data.email }}
              components={{ 0: <span translate="no" /> }}
            />
          </p>
          <Button disabled={logout.isPending} onClick={() => logout.mutate()}>
            {t('signOut')}
          </Button>
        </Card>
      </Shell>
    );
  return (
    <Shell>
      <Join token={token} />
    </Shell>
  );
}
