import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Test credentials shaped as Twilio's: an Account SID and a 32-hex-digit Auth Token. */
export const mockTwilioAccount = () => ({
  accountSid: `AC${randomBytes(16).toString('hex')}`,
  authToken: randomBytes(16).toString('hex'),
});

/**
 * The `To` numbers Twilio's test credentials answer with an error, and those errors: the same
 * here (docs/decisions/046-text-messages.md).
 */
export const MAGIC_NUMBERS = {
  '+15005550001': {
    code: 21211,
    message: "The 'To' number +15005550001 is not a valid phone number.",
  },
  '+15005550002': {
    code: 21612,
    message: "The 'To' phone number is not currently reachable via SMS.",
  },
  '+15005550003': {
    code: 21408,
    message:
      "Permission to send an SMS has not been enabled for the region indicated by the 'To' number.",
  },
  '+15005550004': { code: 21610, message: 'Attempt to send to unsubscribed recipient' },
  '+15005550009': { code: 21614, message: "'To' number is not a valid mobile number" },
} as const;

/** One POST to the Messages resource, as the SDK sent it. */
export interface MockTwilioRequest {
  path: string;
  /** The Account SID in the path. */
  accountSid: string;
  /** Every form field, as posted (`To`, `From` or `MessagingServiceSid`, `Body`, …). */
  form: Record<string, string>;
  authorization: string | undefined;
  contentType: string | undefined;
}

/** A text the mock accepted (answered 201). */
export interface MockTwilioMessage {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

export interface MockTwilio {
  /** For `TwilioOptions.apiUrl` (TWILIO_API_URL). */
  url: string;
  /** Every request, accepted or not, in order. */
  requests: MockTwilioRequest[];
  /** The texts accepted, in order. */
  sent: MockTwilioMessage[];
  /** The next request is answered with this status (429, 500, 503, …), then all goes on as before. */
  failNext(status: number, options?: { retryAfter?: string; code?: number }): void;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** Twilio's error body (the REST API's legacy shape, which the SDK turns into a RestException). */
const twilioError = (status: number, code: number, message: string): Answer => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

const MESSAGES = /^\/2010-04-01\/Accounts\/(AC[0-9a-fA-F]{32})\/Messages\.json$/;

/**
 * A local Twilio on 127.0.0.1 for the official SDK (its calls are sent here by the sender's
 * `apiUrl`): it answers the Messages resource's create in Twilio's documented shape, checks the
 * Basic credentials of the account it was started for, answers the errors of Twilio's magic test
 * numbers and, on demand, a 429 or 5xx, and keeps what was sent so tests read it back.
 */
export async function startMockTwilio(account: {
  accountSid: string;
  authToken: string;
}): Promise<MockTwilio> {
  const requests: MockTwilioRequest[] = [];
  const sent: MockTwilioMessage[] = [];
  const failures: Answer[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${account.accountSid}:${account.authToken}`).toString('base64')}`;

  function answer(method: string, path: string, request: MockTwilioRequest | null): Answer {
    const match = MESSAGES.exec(path);
    if (method !== 'POST' || !match || !request)
      return twilioError(404, 20404, `The requested resource ${path} was not found`);
    if (request.authorization !== expectedAuth || match[1] !== account.accountSid)
      return twilioError(401, 20003, 'Authenticate');
    const failure = failures.shift();
    if (failure) return failure;
    const { To: to, From: from, MessagingServiceSid: service, Body: body } = request.form;
    if (!to) return twilioError(400, 21604, "A 'To' phone number is required.");
    if (!from && !service) return twilioError(400, 21603, "A 'From' phone number is required.");
    if (!body) return twilioError(400, 21602, 'Message body is required.');
    if (!/^\+[1-9]\d{7,14}$/.test(to))
      return twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    const magic = MAGIC_NUMBERS[to as keyof typeof MAGIC_NUMBERS];
    if (magic) return twilioError(400, magic.code, magic.message);
    const sid = `SM${randomBytes(16).toString('hex')}`;
    sent.push({ sid, to, from: from ?? null, messagingServiceSid: service ?? null, body });
    const now = new Date().toUTCString().replace('GMT', '+0000');
    const uri = `/2010-04-01/Accounts/${account.accountSid}/Messages/${sid}.json`;
    return {
      status: 201,
      body: {
        account_sid: account.accountSid,
        api_version: '2010-04-01',
        body,
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from: from ?? null,
        messaging_service_sid: service ?? null,
        num_media: '0',
        num_segments: String(Math.max(1, Math.ceil(body.length / 160))),
        price: null,
        price_unit: 'USD',
        sid,
        // A Messaging Service first accepts a text, then queues it from a number it picks.
        status: service ? 'accepted' : 'queued',
        subresource_uris: { media: uri.replace('.json', '/Media.json') },
        to,
        uri,
      },
    };
  }

  async function read(message: IncomingMessage): Promise<MockTwilioRequest | null> {
    const chunks: Buffer[] = [];
    for await (const chunk of message) chunks.push(chunk as Buffer);
    const path = new URL(message.url ?? '/', 'http://mock-twilio').pathname;
    const match = MESSAGES.exec(path);
    if (!match) return null;
    return {
      path,
      accountSid: match[1]!,
      form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString())),
      authorization: message.headers.authorization,
      contentType: message.headers['content-type'],
    };
  }

  const reply = (response: ServerResponse, { status, body, headers }: Answer) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };

  const server = createServer((message, response) => {
    read(message).then(
      (request) => {
        if (request) requests.push(request);
        reply(
          response,
          answer(
            message.method ?? 'GET',
            new URL(message.url ?? '/', 'http://x').pathname,
            request,
          ),
        );
      },
      (error: unknown) => reply(response, twilioError(500, 20500, `mock-twilio: ${String(error)}`)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sent,
    failNext(status, options = {}) {
      const code = options.code ?? (status === 429 ? 20429 : 20500);
      const message = status === 429 ? 'Too Many Requests' : 'Internal Server Error';
      failures.push({
        ...twilioError(status, code, message),
        ...(options.retryAfter ? { headers: { 'retry-after': options.retryAfter } } : {}),
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
