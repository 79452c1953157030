import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { lookupKeyFor } from "@lg/domain/billing/adapters/stripe-billing";
import { stripeSignatureHeader } from "@lg/domain/billing/stripe-signature";
import { listen, type RunningServer, readBody } from "../aws/http-server.js";

/** The keys the stand-in and the handlers share (the handlers read them from the local Secrets Manager). */
export interface StripeStandInKeys {
  secretKey: string;
  webhookSecret: string;
}

export const generateStripeKeys = (): string =>
  JSON.stringify({
    secretKey: `sk_test_local_${randomBytes(18).toString("base64url")}`,
    webhookSecret: `whsec_local_${randomBytes(24).toString("base64url")}`,
  });

interface Price {
  id: string;
  object: "price";
  active: boolean;
  currency: string;
  unit_amount: number;
  recurring: { interval: string };
  lookup_key: string | null;
  metadata: Record<string, string>;
  product: string;
  productName: string;
}
interface Customer {
  id: string;
  object: "customer";
  email: string | null;
  metadata: Record<string, string>;
}
interface Subscription {
  id: string;
  object: "subscription";
  customer: string;
  status: "trialing" | "active" | "canceled";
  cancel_at_period_end: boolean;
  current_period_start: number;
  current_period_end: number;
  trial_end: number | null;
  metadata: Record<string, string>;
  items: { object: "list"; data: { id: string; price: Price; quantity: number; current_period_end: number }[] };
}
interface CheckoutSession {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete";
  url: string;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  subscription: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  payment_method_collection: string;
  priceId: string;
  quantity: number;
  trialDays: number;
  subscriptionMetadata: Record<string, string>;
}
interface PortalSession {
  id: string;
  object: "billing_portal.session";
  customer: string;
  return_url: string;
  url: string;
}
interface State {
  prices: Price[];
  customers: Customer[];
  subscriptions: Subscription[];
  checkoutSessions: CheckoutSession[];
  portalSessions: PortalSession[];
  /** Seconds the test clock is ahead of the machine's (Stripe's test clocks, one for the whole stand-in). */
  clockOffset: number;
  deliveries: { eventId: string; type: string; status: number; at: string }[];
}

const MONTH_SECONDS = 30 * 86_400;
const DECLINED_CARD = "4000000000000002";

/** Stripe's test cards pass a Luhn check; so must any number typed here. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** Stripe's form encoding: `metadata[key]` and `subscription_data[metadata][key]` into a flat map. */
function metadataUnder(form: URLSearchParams, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = key.startsWith(`${prefix}[`) ? /^\[([^\]]+)\]$/.exec(key.slice(prefix.length)) : null;
    if (match?.[1]) out[match[1]] = value;
  }
  return out;
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1f36}
.box{border:1px solid #e3e8ee;border-radius:8px;padding:1.5rem;margin-top:1rem}label{display:block;margin:.8rem 0 .3rem}
input{width:100%;padding:.6rem;font-size:1rem;box-sizing:border-box}button{margin-top:1rem;padding:.7rem 1.2rem;font-size:1rem;
background:#635bff;color:#fff;border:0;border-radius:6px;cursor:pointer}button.secondary{background:#fff;color:#635bff;border:1px solid #635bff}
.note{color:#697386;font-size:.9rem}.error{color:#c0123c}</style></head><body>
<p class="note">Stripe stand-in (local stack): test mode, nothing is charged.</p>${body}</body></html>`;

export interface StripeStandIn extends RunningServer {
  /** Moves the test clock: periods that end renew, subscriptions cancelled at period end are deleted (events sent). */
  advanceClock(seconds: number): Promise<void>;
  /** The test clock's time, epoch seconds. */
  now(): number;
}

/**
 * Stripe for the local stack: the subset of the REST API the billing adapter uses (Prices by lookup
 * key, Customers, Checkout Sessions, Subscriptions, Billing Portal sessions), a hosted checkout page
 * (card number, Pay) and portal page in the browser, and signed webhooks (`Stripe-Signature`,
 * HMAC-SHA256 with the endpoint secret) POSTed to the local API, as Stripe sends them. A test clock
 * (`POST /v1/test_helpers/test_clocks/local/advance`) moves time to end periods and cancellations.
 */
export async function startStripeStandIn(options: {
  dataDir: string;
  keys: StripeStandInKeys;
  /** Where signed events go: the local API's POST /api/billing/webhook. */
  webhookUrl: () => string;
}): Promise<StripeStandIn> {
  mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, "state.json");
  const state: State = existsSync(file)
    ? (JSON.parse(readFileSync(file, "utf8")) as State)
    : {
        prices: [],
        customers: [],
        subscriptions: [],
        checkoutSessions: [],
        portalSessions: [],
        clockOffset: 0,
        deliveries: [],
      };
  const save = () => writeFileSync(file, JSON.stringify(state, null, 2), { mode: 0o600 });
  const now = () => Math.floor(Date.now() / 1000) + state.clockOffset;
  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
  let origin = "";

  async function sendEvent(type: string, object: unknown): Promise<void> {
    const event = {
      id: id("evt"),
      object: "event",
      api_version: "2025-03-31.basil",
      created: now(),
      type,
      livemode: false,
      data: { object },
    };
    const payload = JSON.stringify(event);
    // Stripe signs with the real time (t), which the receiver checks against its own clock.
    const signature = stripeSignatureHeader(payload, options.keys.webhookSecret, Math.floor(Date.now() / 1000));
    let status = 0;
    for (let attempt = 0; attempt < 3 && (status < 200 || status >= 300); attempt++) {
      try {
        const response = await fetch(options.webhookUrl(), {
          method: "POST",
          headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
          body: payload,
        });
        status = response.status;
        await response.arrayBuffer();
      } catch {
        status = 0;
      }
    }
    state.deliveries.push({ eventId: event.id, type, status, at: new Date().toISOString() });
    save();
    if (status < 200 || status >= 300) console.warn(`[stripe] webhook ${type} was answered ${status}`);
  }

  const priceOf = (priceId: string) => state.prices.find((p) => p.id === priceId);

  function createSubscription(input: {
    customer: string;
    price: Price;
    quantity: number;
    trialDays: number;
    metadata: Record<string, string>;
  }): Subscription {
    const start = now();
    const trialEnd = input.trialDays > 0 ? start + input.trialDays * 86_400 : null;
    const periodEnd = trialEnd ?? start + MONTH_SECONDS;
    const subscription: Subscription = {
      id: id("sub"),
      object: "subscription",
      customer: input.customer,
      status: trialEnd ? "trialing" : "active",
      cancel_at_period_end: false,
      current_period_start: start,
      current_period_end: periodEnd,
      trial_end: trialEnd,
      metadata: input.metadata,
      items: {
        object: "list",
        data: [{ id: id("si"), price: input.price, quantity: input.quantity, current_period_end: periodEnd }],
      },
    };
    state.subscriptions.push(subscription);
    return subscription;
  }

  async function advanceClock(seconds: number): Promise<void> {
    state.clockOffset += seconds;
    save();
    for (const subscription of state.subscriptions) {
      while (subscription.status !== "canceled" && subscription.current_period_end <= now()) {
        if (subscription.cancel_at_period_end) {
          subscription.status = "canceled";
          save();
          await sendEvent("customer.subscription.deleted", subscription);
          break;
        }
        subscription.current_period_start = subscription.current_period_end;
        subscription.current_period_end += MONTH_SECONDS;
        for (const item of subscription.items.data) item.current_period_end = subscription.current_period_end;
        subscription.status = "active";
        save();
        await sendEvent("customer.subscription.updated", subscription);
      }
    }
  }

  const apiError = (res: http.ServerResponse, status: number, message: string, type = "invalid_request_error") => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { type, message } }));
  };
  const sendJson = (res: http.ServerResponse, body: unknown) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const sendHtml = (res: http.ServerResponse, status: number, html: string) => {
    res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(html);
  };
  const redirect = (res: http.ServerResponse, location: string) => {
    res.writeHead(303, { location });
    res.end();
  };

  async function api(req: http.IncomingMessage, res: http.ServerResponse, url: URL, form: URLSearchParams) {
    if (req.headers.authorization !== `Bearer ${options.keys.secretKey}`) {
      return apiError(res, 401, "Invalid API Key provided", "authentication_error");
    }
    const route = `${req.method} ${url.pathname}`;
    if (route === "GET /v1/prices") {
      const keys = url.searchParams.getAll("lookup_keys[]");
      const data = state.prices.filter((p) => p.active && (keys.length === 0 || keys.includes(p.lookup_key ?? "")));
      return sendJson(res, { object: "list", data: data.map(publicPrice), has_more: false });
    }
    if (route === "POST /v1/prices") {
      const amount = Number(form.get("unit_amount"));
      if (!Number.isInteger(amount) || amount < 0) return apiError(res, 400, "Invalid integer: unit_amount");
      const lookupKey = form.get("lookup_key");
      if (lookupKey) {
        const holder = state.prices.find((p) => p.lookup_key === lookupKey);
        if (holder && form.get("transfer_lookup_key") !== "true") {
          return apiError(res, 400, `A price (${holder.id}) already uses that lookup key.`);
        }
        if (holder) holder.lookup_key = null;
      }
      const price: Price = {
        id: id("price"),
        object: "price",
        active: true,
        currency: form.get("currency") ?? "usd",
        unit_amount: amount,
        recurring: { interval: form.get("recurring[interval]") ?? "month" },
        lookup_key: lookupKey,
        metadata: metadataUnder(form, "metadata"),
        product: id("prod"),
        productName: form.get("product_data[name]") ?? "Subscription",
      };
      state.prices.push(price);
      save();
      return sendJson(res, publicPrice(price));
    }
    if (route === "POST /v1/customers") {
      const customer: Customer = {
        id: id("cus"),
        object: "customer",
        email: form.get("email"),
        metadata: metadataUnder(form, "metadata"),
      };
      state.customers.push(customer);
      save();
      return sendJson(res, customer);
    }
    if (route === "POST /v1/checkout/sessions") {
      const priceId = form.get("line_items[0][price]") ?? "";
      if (!priceOf(priceId)) return apiError(res, 400, `No such price: '${priceId}'`);
      if (form.get("mode") !== "subscription") return apiError(res, 400, "Only mode=subscription is supported here");
      const quantity = quantityOf(form.get("line_items[0][quantity]"));
      if (quantity === undefined) return apiError(res, 400, "Invalid integer: line_items[0][quantity]");
      const successUrl = form.get("success_url");
      const cancelUrl = form.get("cancel_url");
      if (!successUrl || !cancelUrl) return apiError(res, 400, "Missing required param: success_url");
      const customer = form.get("customer");
      if (customer && !state.customers.some((c) => c.id === customer)) {
        return apiError(res, 400, `No such customer: '${customer}'`);
      }
      const sessionId = id("cs_test");
      const session: CheckoutSession = {
        id: sessionId,
        object: "checkout.session",
        mode: "subscription",
        status: "open",
        url: `${origin}/c/pay/${sessionId}`,
        client_reference_id: form.get("client_reference_id"),
        customer,
        customer_email: form.get("customer_email"),
        subscription: null,
        metadata: metadataUnder(form, "metadata"),
        success_url: successUrl,
        cancel_url: cancelUrl,
        payment_method_collection: form.get("payment_method_collection") ?? "always",
        priceId,
        quantity,
        trialDays: Number(form.get("subscription_data[trial_period_days]") ?? 0),
        subscriptionMetadata: metadataUnder(form, "subscription_data[metadata]"),
      };
      state.checkoutSessions.push(session);
      save();
      return sendJson(res, publicSession(session));
    }
    const checkoutId = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)$/.exec(url.pathname)?.[1];
    if (req.method === "GET" && checkoutId) {
      const session = state.checkoutSessions.find((s) => s.id === checkoutId);
      if (!session) return apiError(res, 404, `No such checkout.session: '${checkoutId}'`);
      return sendJson(res, publicSession(session));
    }
    const subscriptionId = /^\/v1\/subscriptions\/([A-Za-z0-9_]+)$/.exec(url.pathname)?.[1];
    if (req.method === "DELETE" && subscriptionId) {
      const subscription = state.subscriptions.find((s) => s.id === subscriptionId);
      if (!subscription) return apiError(res, 404, `No such subscription: '${subscriptionId}'`);
      subscription.status = "canceled";
      save();
      await sendEvent("customer.subscription.deleted", publicSubscription(subscription));
      return sendJson(res, publicSubscription(subscription));
    }
    if (req.method === "GET" && subscriptionId) {
      const subscription = state.subscriptions.find((s) => s.id === subscriptionId);
      if (!subscription) return apiError(res, 404, `No such subscription: '${subscriptionId}'`);
      return sendJson(res, publicSubscription(subscription));
    }
    if (route === "POST /v1/subscriptions") {
      // What sales does for an Enterprise contract: a subscription on a custom price, no checkout.
      const customer = state.customers.find((c) => c.id === form.get("customer"));
      const price = priceOf(form.get("items[0][price]") ?? "");
      if (!customer || !price) return apiError(res, 400, "A subscription needs an existing customer and price");
      const quantity = quantityOf(form.get("items[0][quantity]"));
      if (quantity === undefined) return apiError(res, 400, "Invalid integer: items[0][quantity]");
      const subscription = createSubscription({
        customer: customer.id,
        price,
        quantity,
        trialDays: Number(form.get("trial_period_days") ?? 0),
        metadata: metadataUnder(form, "metadata"),
      });
      save();
      await sendEvent("customer.subscription.created", publicSubscription(subscription));
      return sendJson(res, publicSubscription(subscription));
    }
    if (route === "POST /v1/billing_portal/sessions") {
      const customer = state.customers.find((c) => c.id === form.get("customer"));
      if (!customer) return apiError(res, 400, `No such customer: '${form.get("customer")}'`);
      const sessionId = id("bps");
      const session: PortalSession = {
        id: sessionId,
        object: "billing_portal.session",
        customer: customer.id,
        return_url: form.get("return_url") ?? "",
        url: `${origin}/p/session/${sessionId}`,
      };
      state.portalSessions.push(session);
      save();
      return sendJson(res, session);
    }
    if (route === "POST /v1/test_helpers/test_clocks/local/advance") {
      const frozen = Number(form.get("frozen_time"));
      if (!Number.isInteger(frozen) || frozen < now()) return apiError(res, 400, "frozen_time must be in the future");
      await advanceClock(frozen - now());
      return sendJson(res, { id: "clock_local", object: "test_helpers.test_clock", frozen_time: now() });
    }
    return apiError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  }

  function checkoutPage(session: CheckoutSession, error?: string): string {
    const price = priceOf(session.priceId);
    const trial = session.trialDays > 0;
    const cardOptional = trial && session.payment_method_collection === "if_required";
    return page(
      "Checkout",
      `<h1>Subscribe to ${escapeHtml(price?.productName ?? "a plan")}</h1>
<div class="box"><p><strong>${dollars((price?.unit_amount ?? 0) * session.quantity)}</strong> per month${
        session.quantity > 1 ? ` (${session.quantity} × ${dollars(price?.unit_amount ?? 0)})` : ""
      }${trial ? `, after a ${session.trialDays}-day free trial` : ""}</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="/c/pay/${escapeHtml(session.id)}">
<label for="email">Email</label><input id="email" name="email" type="email" value="${escapeHtml(
        session.customer_email ?? state.customers.find((c) => c.id === session.customer)?.email ?? "",
      )}">
<label for="card">Card number${cardOptional ? " (optional during the trial)" : ""}</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242"${
        cardOptional ? "" : " required"
      }>
<button type="submit">${trial ? "Start trial" : "Pay"}</button></form>
<p class="note"><a href="${escapeHtml(session.cancel_url)}">Cancel and go back</a></p></div>`,
    );
  }

  async function pay(res: http.ServerResponse, session: CheckoutSession, form: URLSearchParams) {
    if (session.status === "complete") return redirect(res, session.success_url);
    const card = (form.get("card") ?? "").replace(/[\s-]/g, "");
    const cardOptional = session.trialDays > 0 && session.payment_method_collection === "if_required";
    if (!(cardOptional && card === "")) {
      if (!/^\d+$/.test(card) || !luhnValid(card)) {
        return sendHtml(res, 400, checkoutPage(session, "Your card number is invalid."));
      }
      if (card === DECLINED_CARD) return sendHtml(res, 402, checkoutPage(session, "Your card was declined."));
    }
    const price = priceOf(session.priceId);
    if (!price) return sendHtml(res, 400, checkoutPage(session, "This plan is no longer available."));
    let customerId = session.customer;
    if (!customerId) {
      const customer: Customer = {
        id: id("cus"),
        object: "customer",
        email: form.get("email") || session.customer_email,
        metadata: {},
      };
      state.customers.push(customer);
      customerId = customer.id;
    }
    const subscription = createSubscription({
      customer: customerId,
      price,
      quantity: session.quantity,
      trialDays: session.trialDays,
      metadata: session.subscriptionMetadata,
    });
    session.status = "complete";
    session.customer = customerId;
    session.subscription = subscription.id;
    save();
    await sendEvent("customer.subscription.created", publicSubscription(subscription));
    await sendEvent("checkout.session.completed", publicSession(session));
    redirect(res, session.success_url);
  }

  function portalPage(session: PortalSession): string {
    const subscriptions = state.subscriptions.filter((s) => s.customer === session.customer && s.status !== "canceled");
    const plans = state.prices.filter((p) => p.active && p.lookup_key);
    const rows = subscriptions
      .map((s) => {
        const current = s.items.data[0]?.price;
        const switches = plans
          .filter((p) => p.id !== current?.id)
          .map(
            (p) =>
              `<form method="post" action="/p/session/${session.id}"><input type="hidden" name="subscription" value="${s.id}">
<input type="hidden" name="action" value="switch"><input type="hidden" name="price" value="${p.id}">
<button type="submit" class="secondary">Switch to ${escapeHtml(p.productName)} (${dollars(p.unit_amount)}/month)</button></form>`,
          )
          .join("");
        const cancel = s.cancel_at_period_end
          ? `<p>Cancels on ${day(s.current_period_end)}.</p><form method="post" action="/p/session/${session.id}"><input type="hidden" name="subscription" value="${s.id}"><input type="hidden" name="action" value="resume"><button type="submit">Don't cancel</button></form>`
          : `<form method="post" action="/p/session/${session.id}"><input type="hidden" name="subscription" value="${s.id}"><input type="hidden" name="action" value="cancel"><button type="submit" class="secondary">Cancel plan</button></form>`;
        const quantity = s.items.data[0]?.quantity ?? 1;
        const adjust =
          current && quantityAdjustable(current)
            ? `<form method="post" action="/p/session/${session.id}"><input type="hidden" name="subscription" value="${s.id}"><input type="hidden" name="action" value="quantity">
<label for="quantity-${s.id}">Protected people</label><input id="quantity-${s.id}" name="quantity" type="number" min="1" value="${quantity}">
<button type="submit" class="secondary">Update quantity</button></form>`
            : "";
        return `<div class="box"><h2>${escapeHtml(current?.productName ?? "Plan")}</h2>
<p>${s.status === "trialing" ? "Trial" : "Active"}: ${dollars((current?.unit_amount ?? 0) * quantity)} per month${
          quantity > 1 ? ` (${quantity} × ${dollars(current?.unit_amount ?? 0)})` : ""
        }, current period ends ${day(s.current_period_end)}.</p>${adjust}${switches}${cancel}</div>`;
      })
      .join("");
    return page(
      "Manage billing",
      `<h1>Manage billing</h1>${rows || '<p class="box">No active subscription.</p>'}
<p><a href="${escapeHtml(session.return_url)}">Return to LikenessGuard</a></p>`,
    );
  }

  async function portalAction(res: http.ServerResponse, session: PortalSession, form: URLSearchParams) {
    const subscription = state.subscriptions.find(
      (s) => s.id === form.get("subscription") && s.customer === session.customer,
    );
    if (!subscription || subscription.status === "canceled") return sendHtml(res, 404, portalPage(session));
    const action = form.get("action");
    if (action === "cancel") subscription.cancel_at_period_end = true;
    else if (action === "resume") subscription.cancel_at_period_end = false;
    else if (action === "switch") {
      const price = priceOf(form.get("price") ?? "");
      const item = subscription.items.data[0];
      if (!price || !item) return sendHtml(res, 400, portalPage(session));
      // As the portal's default: the new price at once, the billing period unchanged.
      item.price = price;
      if (!quantityAdjustable(price)) item.quantity = 1;
    } else if (action === "quantity") {
      const item = subscription.items.data[0];
      const quantity = quantityOf(form.get("quantity"));
      if (!item || quantity === undefined || !quantityAdjustable(item.price))
        return sendHtml(res, 400, portalPage(session));
      item.quantity = quantity;
    } else return sendHtml(res, 400, portalPage(session));
    save();
    await sendEvent("customer.subscription.updated", publicSubscription(subscription));
    redirect(res, `/p/session/${session.id}`);
  }

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", origin);
      const raw = req.method === "POST" ? (await readBody(req, 64 * 1024)).toString("utf8") : "";
      const form = new URLSearchParams(raw);
      if (url.pathname.startsWith("/v1/")) return await api(req, res, url, form);
      const checkoutId = /^\/c\/pay\/([A-Za-z0-9_]+)$/.exec(url.pathname)?.[1];
      const checkout = state.checkoutSessions.find((s) => s.id === checkoutId);
      if (checkout && req.method === "GET") return sendHtml(res, 200, checkoutPage(checkout));
      if (checkout && req.method === "POST") return await pay(res, checkout, form);
      const portalId = /^\/p\/session\/([A-Za-z0-9_]+)$/.exec(url.pathname)?.[1];
      const portal = state.portalSessions.find((s) => s.id === portalId);
      if (portal && req.method === "GET") return sendHtml(res, 200, portalPage(portal));
      if (portal && req.method === "POST") return await portalAction(res, portal, form);
      sendHtml(res, 404, page("Not found", "<h1>Not found</h1>"));
    } catch (error) {
      if (!res.headersSent) apiError(res, 500, (error as Error).message, "api_error");
      else res.end();
    }
  });
  const running = await listen(server, 0);
  origin = running.url;
  return { ...running, advanceClock, now };
}

/** A line item's quantity: a whole number of at least one, 1 when the request names none (as Stripe). */
function quantityOf(value: string | null): number | undefined {
  if (value === null) return 1;
  const quantity = Number(value);
  return Number.isInteger(quantity) && quantity >= 1 ? quantity : undefined;
}

/**
 * The portal's configuration in Stripe (docs/billing.md): customers may change the quantity of the
 * Enterprise price sold per protected person, and of no other.
 */
const quantityAdjustable = (price: Price) => price.lookup_key === lookupKeyFor("enterprise");

function publicPrice(price: Price) {
  const { productName: _name, ...rest } = price;
  return rest;
}

function publicSubscription(subscription: Subscription) {
  return {
    ...subscription,
    items: {
      ...subscription.items,
      data: subscription.items.data.map((item) => ({ ...item, price: publicPrice(item.price) })),
    },
  };
}

function publicSession(session: CheckoutSession) {
  const { priceId: _p, trialDays: _t, subscriptionMetadata: _m, ...rest } = session;
  return rest;
}
