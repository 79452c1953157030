import { NoticeError } from "@lg/notices";
import { DomainError, type DomainErrorKind } from "../errors.js";

const KIND: Record<NoticeError["httpStatus"], DomainErrorKind> = {
  400: "invalid",
  403: "forbidden",
  404: "not-found",
  409: "conflict",
  422: "unprocessable",
};

/**
 * Notice rules speak NoticeError; the edges map DomainError. A missing and a foreign threat read
 * the same, in the same words as the rest of the API, so ids cannot be probed.
 */
export function asDomainError(error: unknown): unknown {
  if (!(error instanceof NoticeError)) return error;
  const message = error.httpStatus === 404 ? "Threat not found" : error.message;
  return new DomainError(KIND[error.httpStatus], message);
}

export async function inDomainErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asDomainError(error);
  }
}
