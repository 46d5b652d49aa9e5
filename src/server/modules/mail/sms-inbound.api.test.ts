import fc from 'fast-check';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockTwilioAccount } from '../../test/mock-twilio.ts';
import { createTestApp } from '../../test/test-app.ts';
import { isOptedOut } from './index.ts';

const account = mockTwilioAccount();
const PATH = '/api/sms/inbound';
const PHONE = '+12145550142';
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({
    publicUrl: 'https://truckfinder.example',
    // The webhook never calls Twilio: nothing listens at this address.
    twilio: { ...account, sender: { from: '+12145550100' }, apiUrl: 'http://127.0.0.1:9' },
  });
});
afterAll(() => t?.close());

/** The fields Twilio's Messaging webhook posts for an incoming text. */
const incoming = (body: string, from = PHONE): Record<string, string> => ({
  ToCountry: 'US',
  SmsMessageSid: 'SM0123456789abcdef0123456789abcdef',
  NumMedia: '0',
  MessageSid: 'SM0123456789abcdef0123456789abcdef',
  AccountSid: account.accountSid,
  From: from,
  To: '+12145550100',
  Body: body,
  NumSegments: '1',
  ApiVersion: '2010-04-01',
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Posts the fields as Twilio does, signed for our public URL with `token` (ours by default). */
function post(
  fields: Record<string, string>,
  options: { token?: string; url?: string; signature?: string | null; payload?: string } = {},
) {
  const signature =
    options.signature === undefined
      ? twilio.getExpectedTwilioSignature(
          options.token ?? account.authToken,
          options.url ?? `https://truckfinder.example${PATH}`,
          fields,
        )
      : options.signature;
  return t.api({
    method: 'POST',
    url: PATH,
    headers: {
      'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
    },
    payload: options.payload ?? form(fields),
  });
}

const twiml = (message?: string) =>
  message === undefined
    ? '<?xml version="1.0" encoding="UTF-8"?><Response/>'
    : `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${message}</Message></Response>`;

describe('POST /api/sms/inbound (Twilio’s Messaging webhook)', () => {
  it('records STOP and answers it in TwiML; START turns texts back on', async () => {
    expect(await isOptedOut(t.app.database.db, PHONE)).toBe(false);
    const stop = await post(incoming('STOP'));
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.headers['content-type']).toMatch(/^text\/xml/);
    expect(stop.body).toBe(
      twiml('You will get no more texts from Truck Finder. Reply START to turn them back on.'),
    );
    expect(await isOptedOut(t.app.database.db, PHONE)).toBe(true);
    expect(await isOptedOut(t.app.database.db, '(214) 555-0142')).toBe(true);

    const start = await post(incoming('START'));
    expect(start.statusCode, start.body).toBe(200);
    expect(start.body).toBe(twiml('Texts from Truck Finder are back on. Reply STOP to stop them.'));
    expect(await isOptedOut(t.app.database.db, PHONE)).toBe(false);
  });

  it('takes every keyword of Twilio’s Advanced Opt-Out, trimmed and in any case', async () => {
    const db = t.app.database.db;
    for (const word of [
      'stopall',
      ' Unsubscribe ',
      'CANCEL',
      'end',
      'Quit',
      'optout',
      'REVOKE\n',
    ]) {
      await post(incoming('start'));
      const response = await post(incoming(word));
      expect(response.body, word).toContain('You will get no more texts');
      expect(await isOptedOut(db, PHONE), word).toBe(true);
    }
    for (const word of ['yes', ' Unstop', 'Start ']) {
      await post(incoming('STOP'));
      const response = await post(incoming(word));
      expect(response.body, word).toContain('Texts from Truck Finder are back on');
      expect(await isOptedOut(db, PHONE), word).toBe(false);
    }
  });

  it('answers HELP and INFO with where texts are managed, changing nothing', async () => {
    for (const word of ['HELP', 'info', ' Help ']) {
      const response = await post(incoming(word));
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(
        twiml(
          'Truck Finder roadside help: manage texts in Profile → Settings. Reply STOP to stop.',
        ),
      );
    }
    expect(await isOptedOut(t.app.database.db, PHONE)).toBe(false);
  });

  it('answers any other text with an empty response: a keyword must be the whole text', async () => {
    for (const body of [
      'Where is my truck?',
      'please stop',
      'STOP NOW',
      '',
      '<Message>hi</Message>',
    ]) {
      const response = await post(incoming(body));
      expect(response.statusCode, body).toBe(200);
      expect(response.body, body).toBe(twiml());
    }
    expect(await isOptedOut(t.app.database.db, PHONE)).toBe(false);
  });

  it('refuses with 403 what Twilio did not sign, changing nothing', async () => {
    const other = mockTwilioAccount().authToken;
    const refused = [
      await post(incoming('STOP'), { signature: null }),
      await post(incoming('STOP'), { signature: '' }),
      await post(incoming('STOP'), { signature: 'bm90IGEgc2lnbmF0dXJl' }),
      await post(incoming('STOP'), { token: other }),
      // Signed for another address: the signature covers the URL Twilio was given.
      await post(incoming('STOP'), { url: `http://localhost:5000${PATH}` }),
      // Signed for HELP, then changed to STOP on the way.
      await post(incoming('STOP'), {
        signature: twilio.getExpectedTwilioSignature(
          account.authToken,
          `https://truckfinder.example${PATH}`,
          incoming('HELP'),
        ),
      }),
      // A field added after signing.
      await post(incoming('STOP'), { payload: form({ ...incoming('STOP'), Extra: '1' }) }),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual({ error: 'The request is not signed by Twilio' });
    }
    expect(await isOptedOut(t.app.database.db, PHONE)).toBe(false);
  });

  it('answers 400 with the fields for a signed request that is not an incoming text', async () => {
    const { From: _from, ...noFrom } = incoming('STOP');
    const { Body: _body, ...noBody } = incoming('STOP');
    const cases: [Record<string, string>, string][] = [
      [noFrom, 'From'],
      [noBody, 'Body'],
      [incoming('STOP', 'not a phone'), 'From'],
      [incoming('STOP', 'whatsapp:+12145550142'), 'From'],
      [incoming('x'.repeat(1601)), 'Body'],
    ];
    for (const [fields, field] of cases) {
      const response = await post(fields);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        error: expect.any(String),
        fields: { [field]: expect.any(String) },
      });
    }
  });

  it('takes only forms: JSON answers 415', async () => {
    const response = await t.api({
      method: 'POST',
      url: PATH,
      headers: { 'x-twilio-signature': 'x' },
      payload: incoming('STOP'),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  it('never fails on whatever fields are posted, signed or not', async () => {
    const field = fc.string({ maxLength: 30 });
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.oneof(fc.constantFrom('From', 'Body', 'To', 'MessageSid'), field), field, {
          maxKeys: 6,
        }),
        fc.boolean(),
        async (fields, signed) => {
          const response = await post(fields, signed ? {} : { signature: 'x' });
          expect([200, 400, 403]).toContain(response.statusCode);
          if (!signed) expect(response.statusCode).toBe(403);
          if (response.statusCode !== 200) expect(response.json()).toHaveProperty('error');
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('POST /api/sms/inbound without Twilio', () => {
  let plain: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain?.close());

  it('answers 404: there is no number to text', async () => {
    const response = await plain.api({
      method: 'POST',
      url: PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'x' },
      payload: form(incoming('STOP')),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'This installation has no SMS provider' });
  });
});
