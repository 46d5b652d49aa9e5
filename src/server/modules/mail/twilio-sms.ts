import type twilio from 'twilio';
import { toE164 } from '../../../core/phone.ts';
import type { Database, Executor } from '../../db/client.ts';
import { isOptedOut, optOut } from './sms-opt-outs.repository.ts';
import { twilioSdk } from './twilio-sdk.ts';
import { notAPhone, type SmsOutcome, type SmsSender, type TextMessage } from './sms.ts';

export interface TwilioOptions {
  accountSid: string;
  /** Authenticates the API calls and signs the webhooks Twilio sends us. */
  authToken: string;
  /** The number texts come from, or the Messaging Service that picks one. */
  sender: { from: string } | { messagingServiceSid: string };
  /** Another address for every `https://*.twilio.com` call (a local Twilio in tests). */
  apiUrl?: string;
}

const TIMEOUT_MS = 10_000;
/** Twilio's "Attempt to send to unsubscribed recipient": the phone answered STOP. */
const UNSUBSCRIBED = 21610;

/** Twilio's error answer, legacy (`code`, `message`, `status`) or RFC 9457 (`code`, `detail`). */
interface TwilioError {
  status?: unknown;
  code?: unknown;
  message?: unknown;
}

/** Retry-After in seconds, from a number of seconds or an HTTP date. */
function retryAfterSeconds(header: unknown): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/**
 * Texts through Twilio's official SDK (docs/decisions/046-text-messages.md). Every call goes
 * through a wrapper of the SDK's own RequestClient: it keeps the answer's headers (Retry-After,
 * which the SDK's errors drop) and, with `apiUrl`, sends the calls to a local Twilio instead.
 */
export function createTwilioSmsSender(db: Database, options: TwilioOptions): SmsSender {
  let requests: InstanceType<typeof twilio.RequestClient> | undefined;
  const base = options.apiUrl;
  const address = (uri: string) => {
    if (!base) return uri;
    const url = new URL(uri);
    const ours = url.hostname === 'twilio.com' || url.hostname.endsWith('.twilio.com');
    return url.protocol === 'https:' && ours ? `${base}${url.pathname}${url.search}` : uri;
  };

  /** Sends one text; `exec` reads and records opt-outs (the queue's transaction, or `db`). */
  async function deliver(exec: Executor, message: TextMessage): Promise<SmsOutcome> {
    const to = toE164(message.to);
    if (!to) return notAPhone(message.to);
    if (await isOptedOut(exec, to)) return { result: 'opted_out' };
    // One client per text, so the headers kept are this text's answer.
    let headers: Record<string, unknown> = {};
    const sdk = twilioSdk();
    const via = (requests ??= new sdk.RequestClient({ timeout: TIMEOUT_MS }));
    const httpClient = {
      async request(opts: Parameters<typeof via.request>[0]) {
        const response = await via.request({ ...opts, uri: address(opts.uri) });
        headers = (response.headers as Record<string, unknown> | undefined) ?? {};
        return response;
      },
    } as unknown as InstanceType<typeof twilio.RequestClient>;
    const client = sdk(options.accountSid, options.authToken, { httpClient });
    try {
      const sent = await client.messages.create({ to, body: message.text, ...options.sender });
      return { result: 'sent', messageId: sent.sid };
    } catch (caught) {
      const error = caught as TwilioError;
      const status = typeof error.status === 'number' ? error.status : null;
      const code = typeof error.code === 'number' ? error.code : null;
      const text = (caught instanceof Error ? caught.message : String(caught)).slice(0, 500);
      if (code === UNSUBSCRIBED) {
        await optOut(exec, to);
        return { result: 'opted_out' };
      }
      // No answer (refused, timed out), too many requests, or Twilio's own trouble: try later.
      const retry = status === null || status === 429 || status >= 500;
      const wait = retry && status !== null ? retryAfterSeconds(headers['retry-after']) : undefined;
      return {
        result: 'failed',
        retry,
        status,
        code,
        ...(wait !== undefined ? { retryAfterSeconds: wait } : {}),
        error: text || `Twilio answered ${status ?? 'nothing'}`,
      };
    }
  }

  return {
    mode: 'provider',
    deliver: (message) => deliver(db, message),
  };
}
