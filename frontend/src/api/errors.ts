/** Status code of an error produced by throwIfResNotOk, or undefined for network errors. */
export function errorStatus(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : undefined;
}

export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith("401");
}

/**
 * The human part of an API error: servers answer {message}, so show that rather than raw JSON;
 * plain-text bodies and network errors pass through unchanged.
 */
export function serverMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const body = error.message.replace(/^\d{3}: /, "");
  try {
    const parsed = JSON.parse(body) as { message?: unknown; error?: unknown };
    if (typeof parsed.message === "string") return parsed.message;
    if (typeof parsed.error === "string") return parsed.error;
  } catch {
    // not JSON: the body text itself is the message
  }
  return body;
}
