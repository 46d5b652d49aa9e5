import { PAYMENTS_OFF_MESSAGE, type GatewayMode } from '#core/billing/schemas.ts';
import { FlaskConical, TriangleAlert } from 'lucide-react';
import { NEEDS_TEST_GATEWAY } from './test-cards.ts';

/** Says which gateway takes the cards here: no money moves in test mode. */
export function GatewayNote({ gateway }: { gateway: GatewayMode | undefined }) {
  if (gateway === 'test')
    return (
      <p
        className="flex items-center gap-2 rounded-xl border-2 border-dashed border-warning bg-warning/10 p-3 text-sm font-bold"
        data-testid="test-mode-note"
      >
        <FlaskConical className="size-4 shrink-0 text-warning" aria-hidden />
        Test mode — no real charge
      </p>
    );
  if (gateway === 'stripe')
    return (
      <p className="flex items-start gap-2 rounded-xl border-2 border-warning bg-warning/10 p-3 text-sm">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
        <span>
          This server takes cards through Stripe, where a card is entered in Stripe&apos;s own form.
          Checks that pay by card say &ldquo;{NEEDS_TEST_GATEWAY}&rdquo; instead of running.
        </span>
      </p>
    );
  if (gateway === 'off')
    return (
      <p className="flex items-start gap-2 rounded-xl border-2 border-warning bg-warning/10 p-3 text-sm">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
        <span>{PAYMENTS_OFF_MESSAGE}.</span>
      </p>
    );
  return null;
}
