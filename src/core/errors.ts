/** The error codes a service may raise; the HTTP layer maps each to a status. */
export const errorCodes = [
  'bad_request',
  'unauthorized',
  'payment_required',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable',
  'too_many_requests',
  'unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    if (fields) this.fields = fields;
  }
}

/** The JSON body of every error answer (docs/product.md). */
export interface ErrorBody {
  error: string;
  fields?: Record<string, string>;
}
