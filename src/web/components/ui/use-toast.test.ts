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
});
