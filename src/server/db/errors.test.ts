import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.ts';

const withCause = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('isDatabaseUnavailable', () => {
  it('knows a database that is down, restarting or out of connections', () => {
    for (const error of [
      withCause(Object.assign(new Error('terminating connection'), { code: '57P01' })),
      withCause(Object.assign(new Error('the database system is starting up'), { code: '57P03' })),
      withCause(Object.assign(new Error('connection failure'), { code: '08006' })),
      withCause(Object.assign(new Error('too many clients'), { code: '53300' })),
      withCause(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      ),
      withCause(new Error('Connection terminated unexpectedly')),
      new Error('timeout exceeded when trying to connect'),
    ])
      expect(isDatabaseUnavailable(error), String((error as Error).cause ?? error)).toBe(true);
  });

  it('leaves every other error alone', () => {
    for (const error of [
      withCause(Object.assign(new Error('duplicate key'), { code: '23505' })),
      withCause(Object.assign(new Error('invalid input syntax'), { code: '22P02' })),
      new Error('something else'),
      null,
      'text',
    ])
      expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
