import { describe, expect, it } from 'vitest';
import { countResults, expectStatus, runCheck, runChecks, type Check } from './checks.ts';
import type { QaResponse } from './qa-api.ts';

const answer = (status: number, message: string): QaResponse => ({
  method: 'GET',
  path: '/api/providers',
  status,
  ok: status < 400,
  body: undefined,
  message,
  ms: 12,
});

/** A check that passes when the list call answered 200. */
const listCheck = (response: QaResponse): Check => ({
  id: 'list',
  name: 'List providers',
  run: async () => ({ detail: '13 providers', response: expectStatus(response, 200) }),
});

describe('runCheck', () => {
  it('reports a pass with the deciding call', async () => {
    expect(await runCheck(listCheck(answer(200, 'OK')), undefined)).toMatchObject({
      status: 'passed',
      detail: '13 providers',
      httpStatus: 200,
      message: 'OK',
    });
  });

  it('reports a failure with the real status and message, never as a pass', async () => {
    expect(await runCheck(listCheck(answer(500, 'boom')), undefined)).toMatchObject({
      status: 'failed',
      detail: 'Expected 200, got 500: boom',
      httpStatus: 500,
      message: 'boom',
    });
  });

  it('fails a check that throws anything else, with its message', async () => {
    const check: Check = {
      id: 'x',
      name: 'x',
      run: async () => {
        throw new TypeError('cannot read id');
      },
    };
    expect(await runCheck(check, undefined)).toMatchObject({
      status: 'failed',
      detail: 'cannot read id',
    });
  });
});

describe('runChecks and countResults', () => {
  it('runs in order, tells each start and end, and counts the outcome', async () => {
    const order: string[] = [];
    const check = (id: string, ok: boolean): Check => ({
      id,
      name: id,
      run: async () => {
        order.push(id);
        return { detail: id, response: expectStatus(answer(ok ? 200 : 404, 'x'), 200) };
      },
    });
    const seen: string[] = [];
    const results = await runChecks(
      [check('a', true), check('b', false), check('c', true)],
      undefined,
      (id, result) => seen.push(`${id}:${result.status}`),
    );
    expect(order).toEqual(['a', 'b', 'c']);
    expect(seen).toEqual([
      'a:running',
      'a:passed',
      'b:running',
      'b:failed',
      'c:running',
      'c:passed',
    ]);
    expect(countResults(['a', 'b', 'c', 'd'], results)).toEqual({
      total: 4,
      passed: 2,
      failed: 1,
      pending: 1,
    });
  });
});
