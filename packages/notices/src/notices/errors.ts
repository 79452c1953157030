/** Reasons a notice may not be generated or sent; `httpStatus` lets a handler map them without a table. */
export class NoticeError extends Error {
  constructor(
    readonly code: string,
    readonly httpStatus: 400 | 403 | 404 | 409 | 422,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ThreatNotFoundError extends NoticeError {
  constructor(threatId: string) {
    super("THREAT_NOT_FOUND", 404, `Threat ${threatId} not found.`);
  }
}

/** 404, not 403: telling a stranger that a threat id exists would leak it. */
export class ThreatNotOwnedError extends NoticeError {
  constructor(threatId: string) {
    super("THREAT_NOT_FOUND", 404, `Threat ${threatId} not found.`);
  }
}

export class ThreatClosedError extends NoticeError {
  constructor(threatId: string, status: string) {
    super("THREAT_CLOSED", 409, `Threat ${threatId} is ${status.replace("_", " ")}; no notice is needed.`);
  }
}

export class NoRecipientError extends NoticeError {
  constructor(explanation: string) {
    super("NO_RECIPIENT", 422, explanation);
  }
}

export class MissingConfirmationsError extends NoticeError {
  constructor(readonly missing: readonly string[]) {
    super("CONFIRMATION_REQUIRED", 422, `Please confirm before sending: ${missing.join(", ")}.`);
  }
}
