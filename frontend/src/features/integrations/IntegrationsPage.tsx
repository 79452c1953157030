import {
  CreatedApiKey,
  EnabledWebhookEndpoint,
  RemovedWebhookEndpoint,
  ResentDelivery,
  RevokedApiKey,
  WebhookEndpointWithSecret,
} from "@lg/domain/integrations/web-contract";
import type { NewKeyRequest, NewWebhookEndpointRequest } from "@lg/domain/integrations/web-requests";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router-dom";
import { apiJson } from "../../api/client";
import { errorStatus, serverMessage } from "../../api/errors";
import { useSignedInPage } from "../../auth/use-auth";
import { LoadFailed } from "../../ui/LoadFailed";
import { Main } from "../../ui/Page";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast-store";
import { DashboardHeader } from "../dashboard/DashboardHeader";
import { SiteFooter } from "../layout/SiteFooter";
import {
  API_KEYS_KEY,
  type ApiKeyView,
  apiKeysQuery,
  deliveriesQuery,
  EVENT_LABELS,
  SCOPE_LABELS,
  WEBHOOKS_KEY,
  type WebhookEndpointView,
  webhooksQuery,
} from "./integrations-api";

type Scope = keyof typeof SCOPE_LABELS;
type EventType = keyof typeof EVENT_LABELS;

/** A secret shown once: the server keeps only its hash (keys) or never shows it again (webhooks). */
function ShownOnce({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  return (
    <div className="panel" role="alert">
      <p>
        <strong>{label}</strong> Copy it now: it is shown this once and cannot be shown again.
      </p>
      <p>
        <code className="secret">{secret}</code>{" "}
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => void navigator.clipboard?.writeText(secret)}
        >
          Copy
        </button>
      </p>
      <button type="button" className="btn btn-primary btn-sm" onClick={onDone}>
        I have stored it
      </button>
    </div>
  );
}

function NewApiKey({ onCreated }: { onCreated: (secret: string) => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<Scope[]>(["threats:read"]);
  const [validUntil, setValidUntil] = useState("");
  const create = useMutation({
    mutationFn: () =>
      apiJson(
        "POST",
        "/api/api-keys",
        {
          name,
          scopes,
          ...(validUntil ? { validUntil: new Date(`${validUntil}T23:59:59Z`).toISOString() } : {}),
        } satisfies NewKeyRequest,
        CreatedApiKey,
      ),
    onSuccess: ({ secret }) => {
      setName("");
      onCreated(secret);
      void queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });
    },
    onError: (error) => toast({ title: "API key", description: serverMessage(error), variant: "destructive" }),
  });
  const toggle = (scope: Scope) =>
    setScopes((current) => (current.includes(scope) ? current.filter((s) => s !== scope) : [...current, scope]));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form className="form" onSubmit={submit}>
      <div className="field">
        <label htmlFor="key-name">Name</label>
        <input id="key-name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <fieldset>
        <legend>Scopes</legend>
        {(Object.keys(SCOPE_LABELS) as Scope[]).map((scope) => (
          <label key={scope} className="checkbox">
            <input type="checkbox" checked={scopes.includes(scope)} onChange={() => toggle(scope)} />{" "}
            <code>{scope}</code> {SCOPE_LABELS[scope]}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="key-expiry">Expires (optional)</label>
        <input id="key-expiry" type="date" value={validUntil} onChange={(e) => setValidUntil(e.target.value)} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={create.isPending || scopes.length === 0}>
        {create.isPending ? "Creating…" : "Create API key"}
      </button>
    </form>
  );
}

function ApiKeyRow({ apiKey }: { apiKey: ApiKeyView }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => apiJson("DELETE", `/api/api-keys/${encodeURIComponent(apiKey.id)}`, undefined, RevokedApiKey),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
    onError: (error) => toast({ title: "API key", description: serverMessage(error), variant: "destructive" }),
  });
  return (
    <li>
      <strong>{apiKey.name}</strong> · <code>{apiKey.hint}</code> · {apiKey.scopes.join(", ")} · {apiKey.state}
      <br />
      <span className="small muted">
        Created {new Date(apiKey.createdAt).toLocaleString()}
        {apiKey.validUntil ? ` · expires ${new Date(apiKey.validUntil).toLocaleString()}` : ""}
        {apiKey.lastUsedAt ? ` · last used ${new Date(apiKey.lastUsedAt).toLocaleString()}` : " · never used"}
      </span>{" "}
      {apiKey.state === "active" ? (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-label={`Revoke ${apiKey.name}`}
          onClick={() => revoke.mutate()}
        >
          Revoke
        </button>
      ) : null}
    </li>
  );
}

function Deliveries({ endpoint }: { endpoint: WebhookEndpointView }) {
  const queryClient = useQueryClient();
  const log = useQuery(deliveriesQuery(endpoint.id));
  const resend = useMutation({
    mutationFn: (deliveryId: string) =>
      apiJson(
        "POST",
        `/api/webhooks/${encodeURIComponent(endpoint.id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
        undefined,
        ResentDelivery,
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: deliveriesQuery(endpoint.id).queryKey }),
    onError: (error) => toast({ title: "Resend", description: serverMessage(error), variant: "destructive" }),
  });
  if (log.isPending) return <p role="status">Loading deliveries…</p>;
  if (log.isError) return <LoadFailed what="The delivery log" error={log.error} onRetry={() => void log.refetch()} />;
  if (log.data.deliveries.length === 0) return <p className="small muted">No deliveries yet.</p>;
  return (
    <table className="audit-table">
      <caption className="visually-hidden">Deliveries to {endpoint.url}, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Created</th>
          <th scope="col">Event</th>
          <th scope="col">State</th>
          <th scope="col">Attempts</th>
          <th scope="col">Answer</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {log.data.deliveries.map((d) => (
          <tr key={d.id}>
            <td>{new Date(d.createdAt).toLocaleString()}</td>
            <td>{d.eventType}</td>
            <td>{d.state}</td>
            <td>{d.attempts}</td>
            <td>{d.lastStatusCode ?? d.lastError ?? "–"}</td>
            <td>
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => resend.mutate(d.id)}>
                Resend
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Endpoint({ endpoint, onSecret }: { endpoint: WebhookEndpointView; onSecret: (secret: string) => void }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
  const failed = (error: unknown) =>
    toast({ title: "Webhook", description: serverMessage(error), variant: "destructive" });
  const path = `/api/webhooks/${encodeURIComponent(endpoint.id)}`;
  const rotate = useMutation({
    mutationFn: () => apiJson("POST", `${path}/rotate-secret`, undefined, WebhookEndpointWithSecret),
    onSuccess: ({ secret }) => {
      onSecret(secret);
      refresh();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: () => apiJson("DELETE", path, undefined, RemovedWebhookEndpoint),
    onSuccess: refresh,
    onError: failed,
  });
  const enable = useMutation({
    mutationFn: () => apiJson("POST", `${path}/enable`, undefined, EnabledWebhookEndpoint),
    onSuccess: refresh,
    onError: failed,
  });
  return (
    <li>
      <strong>{endpoint.url}</strong> · {endpoint.events.join(", ")} · {endpoint.enabled ? "on" : "off"}
      {endpoint.disabledReason ? <span className="small muted"> ({endpoint.disabledReason})</span> : null}
      {endpoint.previousSecretRetiresAt ? (
        <span className="small muted">
          {" "}
          · the previous secret still signs until {new Date(endpoint.previousSecretRetiresAt).toLocaleString()}
        </span>
      ) : null}
      <div className="button-row">
        <button type="button" className="btn btn-secondary btn-sm" aria-expanded={open} onClick={() => setOpen(!open)}>
          Delivery log
        </button>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => rotate.mutate()}>
          Rotate secret
        </button>
        {endpoint.enabled ? null : (
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => enable.mutate()}>
            Turn on
          </button>
        )}
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => remove.mutate()}>
          Remove
        </button>
      </div>
      {open ? <Deliveries endpoint={endpoint} /> : null}
    </li>
  );
}

function NewEndpoint({ onCreated }: { onCreated: (secret: string) => void }) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<EventType[]>(["takedown.sent"]);
  const create = useMutation({
    mutationFn: () =>
      apiJson("POST", "/api/webhooks", { url, events } satisfies NewWebhookEndpointRequest, WebhookEndpointWithSecret),
    onSuccess: ({ secret }) => {
      setUrl("");
      onCreated(secret);
      void queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
    },
    onError: (error) => toast({ title: "Webhook", description: serverMessage(error), variant: "destructive" }),
  });
  const toggle = (type: EventType) =>
    setEvents((current) => (current.includes(type) ? current.filter((t) => t !== type) : [...current, type]));
  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate();
      }}
    >
      <div className="field">
        <label htmlFor="hook-url">Endpoint URL (https)</label>
        <input id="hook-url" type="url" required value={url} onChange={(e) => setUrl(e.target.value)} />
      </div>
      <fieldset>
        <legend>Events</legend>
        {(Object.keys(EVENT_LABELS) as EventType[]).map((type) => (
          <label key={type} className="checkbox">
            <input type="checkbox" checked={events.includes(type)} onChange={() => toggle(type)} /> <code>{type}</code>{" "}
            {EVENT_LABELS[type]}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={create.isPending || events.length === 0}>
        {create.isPending ? "Adding…" : "Add endpoint"}
      </button>
    </form>
  );
}

/** /integrations: the organisation's API keys and webhook endpoints (owners and admins). */
export default function IntegrationsPage() {
  const auth = useSignedInPage();
  const keys = useQuery(apiKeysQuery(auth.isAuthenticated));
  const hooks = useQuery(webhooksQuery(auth.isAuthenticated));
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  return (
    <>
      <DashboardHeader isAuthenticated={auth.isAuthenticated} />
      <Main className="container narrow">
        <div className="page-header">
          <h1>API keys and webhooks</h1>
          <p className="muted">
            Connect your own tools: read threats and send takedown notices with the <Link to="/docs/api">API</Link>, and
            receive signed events at your endpoints.
          </p>
        </div>
        {secret ? <ShownOnce label={secret.label} secret={secret.value} onDone={() => setSecret(null)} /> : null}
        {auth.isLoading || keys.isLoading ? (
          <Spinner label="Loading your integrations…" />
        ) : errorStatus(keys.error) === 403 ? (
          <p role="alert">{serverMessage(keys.error)}</p>
        ) : (
          <>
            <section className="panel" aria-labelledby="keys-heading">
              <h2 id="keys-heading">API keys</h2>
              <p className="small muted">
                Professional has one key with read scopes; Enterprise up to 20 with any scope. A revoked key stops
                working at its next request.
              </p>
              {keys.isError ? (
                <LoadFailed what="Your API keys" error={keys.error} onRetry={() => void keys.refetch()} />
              ) : keys.data && keys.data.keys.length > 0 ? (
                <ul className="team-members">
                  {keys.data.keys.map((k) => (
                    <ApiKeyRow key={k.id} apiKey={k} />
                  ))}
                </ul>
              ) : (
                <p>No API keys yet.</p>
              )}
              <h3>New API key</h3>
              <NewApiKey onCreated={(value) => setSecret({ label: "Your new API key.", value })} />
            </section>
            <section className="panel" aria-labelledby="hooks-heading">
              <h2 id="hooks-heading">Webhooks</h2>
              <p className="small muted">
                Each event is signed per Standard Webhooks; an endpoint that fails is retried for about a day.
              </p>
              {hooks.isError ? (
                <LoadFailed what="Your webhooks" error={hooks.error} onRetry={() => void hooks.refetch()} />
              ) : hooks.data && hooks.data.endpoints.length > 0 ? (
                <ul className="team-members">
                  {hooks.data.endpoints.map((e) => (
                    <Endpoint
                      key={e.id}
                      endpoint={e}
                      onSecret={(value) => setSecret({ label: "The endpoint's new signing secret.", value })}
                    />
                  ))}
                </ul>
              ) : (
                <p>No endpoints yet.</p>
              )}
              <h3>New endpoint</h3>
              <NewEndpoint onCreated={(value) => setSecret({ label: "The endpoint's signing secret.", value })} />
            </section>
          </>
        )}
      </Main>
      <SiteFooter />
    </>
  );
}
