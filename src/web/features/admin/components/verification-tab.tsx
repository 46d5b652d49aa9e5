import { ClipboardCheck } from 'lucide-react';
import { useState } from 'react';
import type { AdminProvider } from '#core/admin/schemas.ts';
import { toast } from '#web/components/ui/use-toast.ts';
import { useAdminProviders } from '../api/use-admin-providers.ts';
import { useUpdateProvider } from '../api/use-update-provider.ts';
import { ApplicationCard } from './application-card.tsx';
import { EmptyState, ListSkeleton, LoadError } from './load-states.tsx';
import { Pager } from './pager.tsx';
import { ReasonDialog } from '#web/components/reason-dialog-lazy.tsx';
import { textOf, useText } from '#web/lib/i18n.ts';
import { adminText } from '../text.ts';

const PAGE_SIZE = 10;

/** Applications awaiting verification: approve, or reject with a reason the applicant reads. */
export function VerificationTab() {
  const t = useText(adminText);
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<AdminProvider | null>(null);
  const query = useAdminProviders({ verification: 'pending', page, pageSize: PAGE_SIZE });
  const decide = useUpdateProvider();

  const approve = (provider: AdminProvider) =>
    decide.mutate(
      { id: provider.id, change: { verification: 'approved' } },
      {
        onSuccess: () => {
          const text = textOf(adminText);
          toast({
            title: text(provider.pendingChanges ? 'changesApproved' : 'providerApproved'),
            description: provider.pendingChanges
              ? text('changesApprovedHint')
              : text('providerApprovedHint', { name: provider.businessName }),
            variant: 'success',
          });
        },
        onError: (error) =>
          toast({
            title: textOf(adminText)('approvalFailed'),
            description: error.message,
            variant: 'destructive',
          }),
      },
    );

  const reject = (provider: AdminProvider, reason: string | undefined) =>
    decide.mutate(
      { id: provider.id, change: { verification: 'rejected', reason } },
      {
        onSuccess: () => {
          setRejecting(null);
          const text = textOf(adminText);
          toast({
            title: text(provider.pendingChanges ? 'changesRejected' : 'applicationRejected'),
            description: text('rejectedHint', { name: provider.businessName }),
            variant: 'success',
          });
        },
        onError: (error) =>
          toast({
            title: textOf(adminText)('rejectionFailed'),
            description: error.message,
            variant: 'destructive',
          }),
      },
    );

  if (query.isPending)
    return <ListSkeleton label={t('loadingApplications')} rows={2} height={64} />;
  if (query.error)
    return (
      <LoadError
        message={`${t('applicationsFailed')}: ${query.error.message}`}
        onRetry={() => void query.refetch()}
      />
    );
  const { providers, total } = query.data;
  // The last application on a later page was decided: step back to a page that has some.
  if (providers.length === 0 && page > 1 && !query.isPlaceholderData) setPage(page - 1);
  return (
    <div className="grid gap-4">
      {providers.length === 0 ? (
        <EmptyState title={t('noApplications')} icon={ClipboardCheck}>
          {t('noApplicationsHint')}
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('awaitingReview', { count: total })}
          </p>
          <div className="grid gap-4">
            {providers.map((provider) => (
              <ApplicationCard
                key={provider.id}
                provider={provider}
                busy={decide.isPending && decide.variables.id === provider.id}
                onApprove={() => approve(provider)}
                onReject={() => setRejecting(provider)}
              />
            ))}
          </div>
          <Pager
            label={t('applications')}
            page={page}
            pageSize={PAGE_SIZE}
            total={total}
            busy={query.isPlaceholderData}
            onPage={setPage}
          />
        </>
      )}
      {rejecting ? (
        <ReasonDialog
          title={t('rejectTitle', { name: rejecting.businessName })}
          description={t(rejecting.pendingChanges ? 'rejectChangesHint' : 'rejectApplicationHint')}
          reasonLabel={t('rejectReason')}
          placeholder={t('rejectPlaceholder')}
          required
          confirmLabel={t(rejecting.pendingChanges ? 'rejectChanges' : 'rejectApplication')}
          busyLabel={t('rejecting')}
          destructive
          busy={decide.isPending}
          onConfirm={(reason) => reject(rejecting, reason)}
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </div>
  );
}
