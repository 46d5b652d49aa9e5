import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ApiError } from '#web/api/transport.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { BillingSkeleton, TestModeNotice } from '#web/features/billing/index.ts';
import { T, textOf, useText } from '#web/lib/i18n.ts';
import { payoutsText } from '../text.ts';
import { useTestAccount, type TestAccount } from '../api/use-test-onboarding.ts';
import { IdDocumentStep } from './id-document-step.tsx';
import { OnboardingDetailsForm } from './onboarding-details-form.tsx';
import { TestValues } from './test-values.tsx';
import { onlyDocumentDue } from '../onboarding-form-values.ts';

const DONE = '/profile?tab=business&payouts=done';

function loadFailure(error: Error) {
  if (error instanceof ApiError && [403, 404].includes(error.status))
    return textOf(payoutsText)('notFound');
  return textOf(payoutsText)('couldNotLoadAccount', { message: error.message });
}

/**
 * The test gateway's stand-in for Stripe's hosted onboarding, where its account link leads
 * (`/profile?tab=business&payouts=onboarding&account=<id>`): the owner's identity and bank
 * details, then an identity document when the ID number did not verify.
 */
export default function OnboardingView({ accountId }: { accountId: string }) {
  const t = useText(payoutsText);
  const account = useTestAccount(accountId);
  const [, navigate] = useLocation();
  const [unreadable, setUnreadable] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // It opens below the business form: bring it into view and start reading from its title.
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, []);

  // The account as the gateway answered: on to the document when only that is due, else done.
  const afterSubmit = (saved: TestAccount, sentDocument: boolean) => {
    if (onlyDocumentDue(saved.currentlyDue)) setUnreadable(sentDocument);
    else navigate(DONE);
  };

  return (
    <div className="grid gap-4">
      <Link
        href="/profile?tab=business"
        className={buttonVariants({ variant: 'ghost', size: 'sm' })}
      >
        <ArrowLeft aria-hidden />
        {t('backToBusiness')}
      </Link>
      <Card className="grid gap-5 p-4 sm:p-6">
        <header className="grid gap-1">
          <h2
            ref={heading}
            tabIndex={-1}
            className="text-2xl font-extrabold outline-none"
            style={{ scrollMarginTop: '5rem' }}
          >
            {t('setUpPayouts')}
          </h2>
          {account.data?.businessName ? (
            <p className="text-muted-foreground">
              <T
                text={payoutsText}
                id="forBusiness"
                values={{ business: account.data.businessName }}
                components={{ 0: <span translate="no" /> }}
              />
            </p>
          ) : null}
        </header>
        <TestModeNotice title={t('testModeTitle')}>
          <p>{t('testModeHint')}</p>
          <TestValues />
        </TestModeNotice>
        {!accountId ? (
          <FormError message={t('needsAccount')} />
        ) : account.isPending ? (
          <BillingSkeleton label={t('loadingAccount')} heights={[11, 11, 11, 11]} />
        ) : account.isError ? (
          <div className="grid gap-3">
            <FormError message={loadFailure(account.error)} />
            <Button variant="outline" onClick={() => void account.refetch()}>
              {t('tryAgainTitle')}
            </Button>
          </div>
        ) : account.data.currentlyDue.length === 0 ? (
          <div className="grid gap-3" role="status">
            <p className="font-semibold">{t('nothingMore')}</p>
            <Link href={DONE} className={buttonVariants()}>
              {t('backToBusiness')}
            </Link>
          </div>
        ) : onlyDocumentDue(account.data.currentlyDue) ? (
          <>
            {unreadable ? <FormError message={t('unreadable')} /> : null}
            <IdDocumentStep accountId={accountId} onDone={(saved) => afterSubmit(saved, true)} />
          </>
        ) : (
          <OnboardingDetailsForm
            accountId={accountId}
            onDone={(saved) => afterSubmit(saved, false)}
          />
        )}
      </Card>
    </div>
  );
}
