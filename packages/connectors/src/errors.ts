/** The URL or the address it resolves to is not one connectors may fetch. Never retried. */
export class FetchRefusedError extends Error {
  override readonly name = "FetchRefusedError";
}

/** The platform answered with an error status after retries. */
export class HttpStatusError extends Error {
  override readonly name = "HttpStatusError";
  constructor(
    readonly status: number,
    readonly url: string,
  ) {
    super(`HTTP ${status} from ${url}`);
  }
}

/** The body was larger than the configured cap. */
export class ResponseTooLargeError extends Error {
  override readonly name = "ResponseTooLargeError";
}

/** The platform offers no public route for this operation (said explicitly, never faked). */
export class UnsupportedOperationError extends Error {
  override readonly name = "UnsupportedOperationError";
}

/** A credential the source needs is not configured. */
export class MissingCredentialsError extends Error {
  override readonly name = "MissingCredentialsError";
}

/** The platform's answer did not have the documented shape. */
export class UnexpectedFormatError extends Error {
  override readonly name = "UnexpectedFormatError";
}
