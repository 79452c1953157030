export type MediaErrorCode =
  | "empty"
  | "truncated"
  | "unsupported_type"
  | "too_large"
  | "dimensions_too_large"
  | "too_long"
  | "decode_failed";

/** Why a piece of media could not be taken in; the code is stable, the message is for people. */
export class MediaError extends Error {
  constructor(
    readonly code: MediaErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "MediaError";
  }
}
