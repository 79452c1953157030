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

export async function apiJson<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, path, body);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Multipart bodies set their own boundary header, so they bypass the JSON path. */
export async function apiFormData<T>(path: string, form: FormData): Promise<T> {
  const response = await fetch(path, { method: "POST", credentials: "include", body: form });
  await throwIfResNotOk(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A GET derived from a query key joins the key parts with slashes (spec section 7). */
export function queryPath(queryKey: readonly unknown[]): string {
  return queryKey.map(String).join("/");
}

export async function getByQueryKey<T>({ queryKey }: { queryKey: readonly unknown[] }): Promise<T> {
  return apiJson<T>("GET", queryPath(queryKey));
}
