import { describe, expect, it } from 'vitest';
import { registerSchema } from './schemas.ts';

const valid = {
  username: 'marcus',
  email: 'Marcus@Example.com ',
  password: 'longenough',
  name: 'Marcus',
  phone: '(214) 555-0142',
};

describe('registerSchema', () => {
  it('normalises the email and defaults the role to driver', () => {
    expect(registerSchema.parse(valid)).toMatchObject({
      email: 'marcus@example.com',
      role: 'driver',
    });
  });

  it('says "Required" for a missing field', () => {
    const result = registerSchema.safeParse({ ...valid, name: undefined });
    expect(result.error?.issues[0]?.message).toBe('Required');
  });

  it('counts phone digits, not characters', () => {
    expect(registerSchema.safeParse({ ...valid, phone: '(214) 555-01' }).success).toBe(false);
    expect(registerSchema.safeParse({ ...valid, phone: '2145550142' }).success).toBe(true);
  });

  it('never accepts admin at sign-up', () => {
    expect(registerSchema.safeParse({ ...valid, role: 'admin' }).success).toBe(false);
  });
});
