import { type AnswerSchema, contractMismatch } from "@lg/domain/web-contract-check";

/** Spec section 8: a non-OK response becomes Error(`${status}: ${body text or status text}`). */
export async function throwIfResNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  throw new Error(`${response.status}: ${text}`);
}

/**
 * Every call carries the session cookie; a payload goes as JSON (spec section 7). Paths stay relative:
 * the API is on the app's own origin (CloudFront forwards /api/* in AWS, the web server does locally),
 * so the app works under whatever host name reached it (localhost, 127.0.0.1, a custom domain).
 */
export async function apiRequest(method: string, path: string, body?: unknown): Promise<Response> {
  const response = await fetch(path, {
    method,
    credentials: "include",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfResNotOk(response);
  return response;
}

/**
 * Development and test builds check each answer against its schema, so a server that drifts from
 * the contract fails loudly where it is made; a production build skips the check (its size and
 * time), and the constant folds the branch away.
 */
const CHECKS_ANSWERS = import.meta.env.DEV || import.meta.env.MODE === "test";

/** The parsed body, checked against `schema` where answers are checked; the body as sent, not zod's copy of it. */
export function checkedAnswer<T>(route: string, body: unknown, schema?: AnswerSchema<T>): T {
  // The condition first: a production build folds it to false and drops the block.
  if (CHECKS_ANSWERS && schema) {
    const problems = contractMismatch(schema, body);
    if (problems !== undefined) throw new Error(`The answer to ${route} does not match the web contract: ${problems}`);
  }
  return body as T;
}

/** The route an answer came from, without its query string (which may hold what the person typed). */
const routeOf = (method: string, path: string) => `${method} ${path.split("?")[0]}`;

async function answerOf<T>(route: string, response: Response, schema?: AnswerSchema<T>): Promise<T> {
  const text = await response.text();
  return checkedAnswer(route, text ? JSON.parse(text) : undefined, schema);
}

export async function apiJson<T>(method: string, path: string, body?: unknown, schema?: AnswerSchema<T>): Promise<T> {
  const response = await apiRequest(method, path, body);
  return answerOf(routeOf(method, path), response, schema);
}

/** Multipart bodies set their own boundary header, so they bypass the JSON path. */
export async function apiFormData<T>(path: string, form: FormData, schema?: AnswerSchema<T>): Promise<T> {
  const response = await fetch(path, { method: "POST", credentials: "include", body: form });
  await throwIfResNotOk(response);
  return answerOf(routeOf("POST", path), response, schema);
}

/** A GET derived from a query key joins the key parts with slashes (spec section 7). */
export function queryPath(queryKey: readonly unknown[]): string {
  return queryKey.map(String).join("/");
}

export async function getByQueryKey<T>(
  { queryKey }: { queryKey: readonly unknown[] },
  schema?: AnswerSchema<T>,
): Promise<T> {
  return apiJson<T>("GET", queryPath(queryKey), undefined, schema);
}

/** A query's fetch by its key, its answer checked against `schema` (see `checkedAnswer`). */
export const getChecked =
  <T>(schema: AnswerSchema<T>) =>
  (context: { queryKey: readonly unknown[] }): Promise<T> =>
    getByQueryKey(context, schema);
