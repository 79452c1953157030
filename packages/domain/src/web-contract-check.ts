/**
 * Checking an answer against the web contract (packages/domain/src/<context>/web-contract.ts), the
 * same way on both sides: the server's tests check what handlers send (lambdas' responses.ts), and
 * the web app's development and test builds check what they receive (frontend/src/api/client.ts).
 */

/** What an answer is checked with: any zod schema fits; only `safeParse` is used. */
export interface AnswerSchema<T = unknown> {
  safeParse(
    data: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** Where `body` departs from `schema`, as up to five "path: message" entries; undefined when it fits. */
export function contractMismatch(schema: AnswerSchema, body: unknown): string | undefined {
  const result = schema.safeParse(body);
  if (result.success) return undefined;
  return result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.map(String).join(".") || "(answer)"}: ${issue.message}`)
    .join("; ");
}
