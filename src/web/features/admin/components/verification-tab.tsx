import { ClipboardCheck } from 'lucide-react';
import { useState } from 'react';
import type { AdminProvider } from '#core/admin/schemas.ts';
import { toast } from '#web/components/ui/use-toast.ts';
import { useAdminProviders } from '../api/use-admin-providers.ts';
import { useUpdateProvider } from '../api/use-update-provider.ts';
import { ApplicationCard } from './application-card.tsx';
import { EmptyState, ListSkeleton, LoadError } from './load-states.tsx';
import { Pager } from './pager.tsx';
import { ReasonDialog } from '#web/components/reason-dialog.tsx';

const PAGE_SIZE = 10;

/** Applications awaiting verification: approve, or reject with a reason the applicant reads. */
export function VerificationTab() {
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<AdminProvider | null>(null);
  const query = useAdminProviders({ verification: 'pending', page, pageSize: PAGE_SIZE });
  const decide = useUpdateProvider();

  const approve = (provider: AdminProvider) =>
    decide.mutate(
      { id: provider.id, change: { verification: 'approved' } },
      {
        onSuccess: () =>
          toast({
            title: provider.pendingChanges ? 'Changes Approved' : 'Provider Approved',
            description: provider.pendingChanges
              ? 'Drivers now see the new details.'
              : `${provider.businessName} now appears in search.`,
            variant: 'success',
          }),
        onError: (error) =>
          toast({ title: 'Approval Failed', description: error.message, variant: 'destructive' }),
      },
    );

  const reject = (provider: AdminProvider, reason: string | undefined) =>
    decide.mutate(
      { id: provider.id, change: { verification: 'rejected', reason } },
      {
        onSuccess: () => {
          setRejecting(null);
          toast({
            title: provider.pendingChanges ? 'Changes Rejected' : 'Application Rejected',
            description: `${provider.businessName} was told why.`,
            variant: 'success',
          });
        },
        onError: (error) =>
          toast({ title: 'Rejection Failed', description: error.message, variant: 'destructive' }),
      },
    );

  if (query.isPending) return <ListSkeleton label="Loading applications" rows={2} height={64} />;
  if (query.error)
    return (
      <LoadError
        message={`Could not load applications: ${query.error.message}`}
        onRetry={() => void query.refetch()}
      />
    );
  const { providers, total } = query.data;
  // The last application on a later page was decided: step back to a page that has some.
  if (providers.length === 0 && page > 1 && !query.isPlaceholderData) setPage(page - 1);
  return (
    <div className="grid gap-4">
      {providers.length === 0 ? (
        <EmptyState title="No applications waiting" icon={ClipboardCheck}>
          New provider applications appear here for review.
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {total} {total === 1 ? 'application' : 'applications'} awaiting review
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
            label="Applications"
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
          title={`Reject ${rejecting.businessName}?`}
          description={
            rejecting.pendingChanges
              ? 'The owner is told the reason; drivers keep seeing the current details.'
              : 'The applicant is told the reason; their business stays out of search.'
          }
          reasonLabel="Reason for rejection"
          placeholder="e.g. The insurance policy number could not be verified"
          required
          confirmLabel={rejecting.pendingChanges ? 'Reject Changes' : 'Reject Application'}
          busyLabel="Rejecting..."
          destructive
          busy={decide.isPending}
          onConfirm={(reason) => reject(rejecting, reason)}
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </div>
  );
}
