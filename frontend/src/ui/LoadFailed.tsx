import { serverMessage } from "../api/errors";

/**
 * What a view shows when its data did not load: what failed, the reason, and a Retry. Never an
 * empty list or a zero in its place: a failure must not read as "nothing found" (issue 27).
 */
export function LoadFailed({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="load-failed">
      <p>
        {what} could not be loaded: {failureReason(error)}
      </p>
      <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

/** A network failure says so in words a person understands, not "Failed to fetch". */
export function failureReason(error: unknown): string {
  if (error === null || error === undefined) return "no answer came back";
  if (error instanceof TypeError) return "the service could not be reached";
  return serverMessage(error) || "the service answered with an error";
}
