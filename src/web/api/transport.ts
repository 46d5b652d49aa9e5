import { STEP_UP_REQUIRED } from '#core/auth/step-up.ts';
import type { ErrorBody } from '#core/errors.ts';
import { currentLanguage } from '#web/lib/language.ts';

/** A failed API call: the server's message, its status, and per-field messages for validation. */
export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string>;

  constructor(status: number, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
  }
}

// Said before any catalog can load (and in the service worker, which has none).
const UNREACHABLE = {
  en: 'Cannot reach Truck Finder. Check your connection and try again.',
  es: 'No se puede conectar con Truck Finder. Revise su conexión e intente de nuevo.',
};
const unreachable = () => UNREACHABLE[currentLanguage()];

/**
 * Set in a page's localStorage while a sign-out made on the device has not reached the server
 * (lib/pending-sign-out.ts); read here at once, without loading IndexedDB code.
 */
export const SIGN_OUT_FLAG = 'tf-sign-out-pending';

export const signOutFlagged = () =>
  typeof localStorage !== 'undefined' && localStorage.getItem(SIGN_OUT_FLAG) === '1';

let sendSignOut: (() => Promise<boolean>) | null = null;

/**
 * A page's sender of a sign-out made without a connection (lib/pending-sign-out.ts): it goes
 * before anything else, so no call leaves with the session of the account signed out. The
 * service worker sets none; it sends that sign-out itself.
 */
export function sendSignOutFirst(sender: () => Promise<boolean>) {
  sendSignOut = sender;
}

async function signOutFirst(): Promise<void> {
  if (!sendSignOut || !signOutFlagged()) return;
  if (!(await sendSignOut())) throw new ApiError(0, unreachable());
}
/**
 * Asks the person to confirm it is them (password or code) when the server wants a fresh proof
 * before a sensitive action; answers whether they did. Set by the app's step-up dialog.
 */
let stepUpHandler: (() => Promise<boolean>) | null = null;
export function setStepUpHandler(handler: (() => Promise<boolean>) | null) {
  stepUpHandler = handler;
}
/** Asks for the re-check outside an API call (a download); answers whether it was given. */
export const confirmIdentity = () => (stepUpHandler ? stepUpHandler() : Promise.resolve(false));

/**
 * Sends one API request the app's way and answers its response, or throws an ApiError: a
 * sign-out made offline goes first, cookies ride along, a refusal that wants a fresh proof asks
 * for it and sends the same request again, once. The typed client (client.ts) builds the request.
 */
export async function send(url: string, init: RequestInit, retried = false): Promise<Response> {
  await signOutFirst();
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      credentials: 'include',
      headers: {
        accept: 'application/json',
        // The server's error messages come back in the app's language.
        'accept-language': currentLanguage(),
        ...Object.fromEntries(new Headers(init.headers)),
      },
    });
  } catch {
    throw new ApiError(0, unreachable());
  }
  if (response.ok) return response;
  const text = await response.text();
  const error = parseBody(text) as Partial<ErrorBody> | string | undefined;
  const body = typeof error === 'object' ? error : undefined;
  if (response.status === 403 && body?.error === STEP_UP_REQUIRED && stepUpHandler && !retried)
    if (await stepUpHandler()) return send(url, init, true);
  throw new ApiError(
    response.status,
    body?.error || `${response.status}: ${text || response.statusText}`,
    body?.fields,
  );
}

/** An answer's body: its JSON, or the text when it is not JSON. */
export function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
