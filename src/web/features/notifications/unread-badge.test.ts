import { describe, expect, it } from 'vitest';
import { unreadBadge } from './use-notifications.ts';

describe('unreadBadge', () => {
  it('counts up to nine, then reads 9+', () => {
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(9)).toBe('9');
    expect(unreadBadge(10)).toBe('9+');
    expect(unreadBadge(250)).toBe('9+');
  });
});
