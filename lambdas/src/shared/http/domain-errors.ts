import { RateLimitExceeded } from "@lg/domain/accounts/rate-limits";
import { DomainError, type DomainErrorKind } from "@lg/domain/errors";
import { HttpError, tooManyRequests } from "./http-errors.js";

const STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-large": 413,
  "unsupported-type": 415,
  unprocessable: 422,
  "rate-limited": 429,
};

/** A domain error as the HTTP error it means; anything else passes through unchanged. */
export function toHttpError(error: unknown): unknown {
  if (error instanceof RateLimitExceeded) return tooManyRequests(error.message, error.retryAfterSeconds);
  return error instanceof DomainError ? new HttpError(STATUS[error.kind], error.message) : error;
}
