/** A form's one-time key, sent as the `Idempotency-Key` header: a re-sent form finds what the first one made. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,100}$/;

/** The header's key when it is usable, else null (the request is then simply not idempotent). */
export const idempotencyKey = (header: string | undefined | null) =>
  header && IDEMPOTENCY_KEY.test(header) ? header : null;
