// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { dismissToast, toast, useToasts } from './use-toast.ts';

const open = () =>
  renderHook(() => useToasts())
    .result.current.filter((t) => t.open)
    .map((t) => t.title);

beforeEach(() => dismissToast());

describe('toast', () => {
  it('shows one at a time: a new toast replaces the one on screen', () => {
    toast({ title: 'Registration Submitted!' });
    toast({ title: 'Location updated' });
    expect(open()).toEqual(['Location updated']);
  });

  it('drops a toast the app shows by itself while another is open, and shows it otherwise', () => {
    toast({ title: 'Registration Submitted!' });
    expect(toast({ title: 'Location detected' }, { ifIdle: true })).toBe('');
    expect(open()).toEqual(['Registration Submitted!']);
    dismissToast();
    toast({ title: 'Location detected' }, { ifIdle: true });
    expect(open()).toEqual(['Location detected']);
  });

  it('shows a live pop-up once the toast on screen has closed, the newest one only', () => {
    toast({ title: 'Dispute settled' });
    expect(toast({ title: 'New application' }, { afterOpen: true })).toBe('');
    expect(toast({ title: 'Booking request' }, { afterOpen: true })).toBe('');
    expect(open()).toEqual(['Dispute settled']);
    dismissToast();
    expect(open()).toEqual(['Booking request']);
    dismissToast();
    expect(open()).toEqual([]);
    toast({ title: 'Payment received' }, { afterOpen: true });
    expect(open()).toEqual(['Payment received']);
  });
});
