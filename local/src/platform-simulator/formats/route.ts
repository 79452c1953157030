import type { IncomingMessage, ServerResponse } from "node:http";
import type { SimContext } from "../sim-context.js";

export interface SimRequest {
  req: IncomingMessage;
  res: ServerResponse;
  /** Path below `/p/<key>`. */
  path: string;
  query: URLSearchParams;
  body: string;
}

/** Answers one platform's requests; returns false when the path is not one it serves. */
export type FormatRoute = (ctx: SimContext, r: SimRequest) => boolean;
