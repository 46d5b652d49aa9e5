import { describe, expect, it, vi } from 'vitest';
import { securityLog } from './security-log.ts';

describe('securityLog', () => {
  it('logs the event as a field, at its level, and drops fields that could hold a secret', () => {
    const log = { info: vi.fn(), warn: vi.fn() };
    securityLog(log, 'auth.login_slowed', {
      userId: 'u1',
      ip: '203.0.113.1',
      password: 'hunter2',
      resetToken: 't0k3n',
      passwordHash: '$argon2id$',
      reason: undefined,
    });
    expect(log.warn).toHaveBeenCalledWith(
      { userId: 'u1', ip: '203.0.113.1', event: 'auth.login_slowed' },
      'auth.login_slowed',
    );
    securityLog(log, 'auth.password_reset', { userId: 'u1' });
    expect(log.info).toHaveBeenCalledWith(
      { userId: 'u1', event: 'auth.password_reset' },
      'auth.password_reset',
    );
  });
});
