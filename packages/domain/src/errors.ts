/**
 * What went wrong, in the domain's words. Adapters at the edge (HTTP handlers, workflow tasks)
 * decide the status code from `kind`; the message is written for the person and is safe to show.
 */
export type DomainErrorKind =
  | "invalid"
  | "unauthorized"
  | "forbidden"
  | "not-found"
  | "conflict"
  | "unprocessable"
  | "too-large"
  | "unsupported-type"
  | "rate-limited";

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const invalid = (message: string) => new DomainError("invalid", message);
export const forbiddenByTier = (message: string) => new DomainError("forbidden", message);
export const unprocessable = (message: string) => new DomainError("unprocessable", message);
