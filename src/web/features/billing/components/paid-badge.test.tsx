// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '#web/lib/i18n.ts';
import { loadLabelSet } from '#web/lib/labels.ts';
import { PaidBadge } from './paid-badge.tsx';
import { PaymentStatusBadge } from './status-badges.tsx';

describe('billing in Spanish', () => {
  afterEach(async () => {
    cleanup();
    await setLanguage('en');
  });

  it('says how a job was paid, and a payment status, in Spanish', async () => {
    await setLanguage('es');
    await loadLabelSet();
    render(
      <Suspense fallback={null}>
        <PaidBadge method="cash" />
        <PaymentStatusBadge status="refunded" />
      </Suspense>,
    );
    expect((await screen.findByTestId('paid-badge', {}, { timeout: 5000 })).textContent).toBe(
      'Pagado · Efectivo',
    );
    expect(screen.getByText('Reembolsado')).toBeTruthy();
  });
});
