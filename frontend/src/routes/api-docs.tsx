import { Link } from "react-router-dom";
// The published OpenAPI document (docs/openapi.json, generated from the contract's zod schemas and
// held equal to them by test/unit/integrations/openapi-document.test.ts), shipped with the build.
import openapi from "../../../docs/openapi.json";
import { PolicyPage } from "../features/legal/PolicyPage";

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  description?: string;
  schema?: { type?: string | string[]; enum?: string[] };
}
interface Operation {
  operationId: string;
  summary: string;
  description: string;
  parameters: Parameter[];
}

const operations = Object.entries(openapi.paths as unknown as Record<string, Record<string, Operation>>).flatMap(
  ([path, methods]) => Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
);

const CURL = `curl https://<your LikenessGuard address>/api/v1/threats?status=active&limit=10 \\
  -H "Authorization: Bearer $LIKENESSGUARD_API_KEY"

curl -X POST https://<your LikenessGuard address>/api/v1/threats/<threat id>/takedowns \\
  -H "Authorization: Bearer $LIKENESSGUARD_API_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -d '{"action": "prepare"}'`;

const TYPESCRIPT = `// npx openapi-typescript https://<your LikenessGuard address>/api/v1/openapi.json -o likenessguard.d.ts
import createClient from "openapi-fetch";
import type { paths } from "./likenessguard";

const client = createClient<paths>({
  baseUrl: "https://<your LikenessGuard address>",
  headers: { Authorization: \`Bearer \${process.env.LIKENESSGUARD_API_KEY}\` },
});

const { data, error } = await client.GET("/api/v1/threats", { params: { query: { status: "active" } } });
if (error) throw new Error(error.detail ?? error.title);
for (const threat of data.data) console.log(threat.id, threat.type, threat.url);`;

const VERIFY = `import { Webhook } from "standardwebhooks";

// The endpoint's secret (whsec_…), shown when you added the endpoint or rotated its secret.
const webhook = new Webhook(process.env.LIKENESSGUARD_WEBHOOK_SECRET);

export function handle(rawBody: string, headers: Record<string, string>) {
  // Throws unless a webhook-signature matches and webhook-timestamp is within 5 minutes (no replays).
  const event = webhook.verify(rawBody, headers) as { type: string; timestamp: string; data: unknown };
  // webhook-id is the same on every retry and resend: drop ids you have already handled.
  return event;
}`;

/** /docs/api: the public API's reference, from the published OpenAPI document, with examples. */
export default function ApiDocsRoute() {
  return (
    <PolicyPage
      title="LikenessGuard API"
      lead="Read your organisation's threats, takedown notices and protected people, send takedown notices from your own tools, have media analysed, and manage the endpoints that receive signed events. Version 1."
      sections={[]}
    >
      <section>
        <h2>Authentication</h2>
        <p>
          An owner or admin makes API keys on the <Link to="/integrations">API keys and webhooks</Link> page
          (Professional: one key with read scopes; Enterprise: several, any scope). Send the key as{" "}
          <code>Authorization: Bearer lg_live_…</code>. A key acts for its organisation only: another organisation's ids
          answer 404. A revoked or expired key is refused at its next request.
        </p>
        <p>
          Errors are RFC 9457 problem details (<code>application/problem+json</code>). Each key may make{" "}
          {/* API_RATE_LIMIT in packages/domain/src/integrations/api-rate-limit.ts */}300 requests a minute; every
          answer carries <code>RateLimit</code> and <code>RateLimit-Policy</code>, and a 429 says{" "}
          <code>Retry-After</code>. Every POST needs an <code>Idempotency-Key</code>: a retry with the same key gets the
          first answer again and never sends a second notice.
        </p>
        <p>
          The machine-readable document: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1).
        </p>
      </section>
      <section>
        <h2>Operations</h2>
        {operations.map(({ method, path, op }) => (
          <article key={`${method} ${path}`}>
            <h3>
              <code>
                {method} {path}
              </code>
            </h3>
            <p>
              {op.summary}. {op.description}
            </p>
            {op.parameters.length > 0 ? (
              <ul>
                {op.parameters.map((p) => (
                  <li key={`${p.in}:${p.name}`}>
                    <code>{p.name}</code> ({p.in}
                    {p.required ? ", required" : ""}){p.schema?.enum ? `: one of ${p.schema.enum.join(", ")}` : ""}
                    {p.description ? ` — ${p.description}` : ""}
                  </li>
                ))}
              </ul>
            ) : null}
          </article>
        ))}
      </section>
      <section>
        <h2>Examples</h2>
        <h3>curl</h3>
        <pre>
          <code>{CURL}</code>
        </pre>
        <h3>TypeScript (openapi-typescript and openapi-fetch)</h3>
        <pre>
          <code>{TYPESCRIPT}</code>
        </pre>
      </section>
      <section>
        <h2>Verifying webhook signatures</h2>
        <p>
          Each delivery carries <code>webhook-id</code>, <code>webhook-timestamp</code> and{" "}
          <code>webhook-signature</code> (<code>v1,</code> and the base64 HMAC-SHA256 of <code>id.timestamp.body</code>
          ), as the Standard Webhooks specification defines them, so its published libraries verify it. While a rotated
          secret overlaps with the new one (a day), the header carries a signature with each. The body is{" "}
          <code>{'{"type", "timestamp", "data"}'}</code>; today <code>takedown.sent</code> (a notice left),{" "}
          <code>threat.created</code> (a scan recorded a threat), <code>threat.updated</code> (its status changed),{" "}
          <code>takedown.resolved</code> (a notice's content was removed, the platform rejected it or the case was
          closed), <code>scan.completed</code> and <code>analysis.completed</code> (an analysis asked for through the
          API ended) are sent.
        </p>
        <pre>
          <code>{VERIFY}</code>
        </pre>
      </section>
    </PolicyPage>
  );
}
