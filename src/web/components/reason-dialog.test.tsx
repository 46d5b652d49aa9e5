// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settle } from '#web/test/settle.ts';
import { ReasonDialog } from './reason-dialog.tsx';

function setup(required: boolean) {
  const onConfirm = vi.fn();
  render(
    <ReasonDialog
      title="Reject Lone Star Diesel?"
      description="The applicant is told the reason."
      reasonLabel="Reason for rejection"
      required={required}
      confirmLabel="Reject Application"
      busyLabel="Rejecting..."
      busy={false}
      onConfirm={onConfirm}
      onClose={() => undefined}
    />,
  );
  return onConfirm;
}

const confirm = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Reject Application' }));
  });

afterEach(cleanup);

describe('ReasonDialog', () => {
  it('will not reject without a reason of at least 3 characters', async () => {
    const onConfirm = setup(true);
    await confirm();
    const reason = screen.getByLabelText('Reason for rejection');
    await settle(null, () => reason.getAttribute('aria-invalid') === 'true');
    expect(screen.getByText('Give a reason (at least 3 characters)')).toBeTruthy();
    fireEvent.change(reason, { target: { value: '  ok ' } });
    await confirm();
    expect(screen.getByText('Give a reason (at least 3 characters)')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.change(reason, { target: { value: ' Insurance policy expired ' } });
    await confirm();
    expect(onConfirm).toHaveBeenCalledWith('Insurance policy expired');
  });

  it('lets an optional reason be left empty', async () => {
    const onConfirm = setup(false);
    expect(screen.getByLabelText('Reason for rejection (optional)')).toBeTruthy();
    await confirm();
    await settle(null, () => onConfirm.mock.calls.length > 0);
    expect(onConfirm).toHaveBeenCalledWith(undefined);
  });
});
