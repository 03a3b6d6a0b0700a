/** The one typed application error. Route handlers map it to HTTP in one place (lib/http/route.ts). */
export type AppErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'VALIDATION'
  | 'CONFLICT'
  | 'UNPROCESSABLE'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'UNAVAILABLE'
  | 'INTERNAL';

const HTTP_STATUS: Record<AppErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  VALIDATION: 400,
  CONFLICT: 409,
  // Well-formed request whose content fails a business check (e.g. card validation on approval).
  UNPROCESSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

export type ErrorDetail = { path?: string; message: string };

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details: ErrorDetail[] = [],
    // retryAfterSeconds (RATE_LIMITED): sent as the Retry-After header. reason: a machine-readable
    // sub-code for clients that must tell two errors of one status apart (409 NOT_PENDING vs STALE).
    readonly options: { retryAfterSeconds?: number; reason?: string } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get reason(): string | undefined {
    return this.options.reason;
  }

  get status(): number {
    return HTTP_STATUS[this.code];
  }
}

/** `path`: the body field that named it, so a client knows which of its ids is wrong. */
export const notFound = (what: string, path?: string) =>
  new AppError('NOT_FOUND', `${what} not found`, path ? [{ path, message: `${what} not found` }] : []);
export const forbidden = (why = 'You do not have permission to do this') => new AppError('FORBIDDEN', why);
