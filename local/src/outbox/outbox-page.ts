import type { OutboxMessage } from "./outbox.js";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const BADGES: Record<OutboxMessage["channel"], string> = { email: "Email", sms: "SMS", push: "Push" };

/** A push shows what a push service can see (size, headers, VAPID claims) and, for test subscribers, the text. */
function pushBody(m: OutboxMessage): string {
  const p = m.push;
  if (!p) return "";
  const facts = `
    <dl>
      <dt>Ciphertext</dt><dd>${p.ciphertextBytes} bytes, aes128gcm</dd>
      <dt>TTL</dt><dd>${p.ttl} s</dd>
      <dt>Urgency</dt><dd>${escapeHtml(p.urgency)}</dd>
      ${p.topic ? `<dt>Topic</dt><dd>${escapeHtml(p.topic)}</dd>` : ""}
      <dt>VAPID</dt><dd>valid ES256 JWT, aud ${escapeHtml(p.vapid.aud)}, exp ${new Date(p.vapid.exp * 1000).toISOString()}${p.vapid.sub ? `, sub ${escapeHtml(p.vapid.sub)}` : ""}</dd>
    </dl>`;
  const content = p.decryptedHere
    ? `<pre>${escapeHtml(m.text ?? "")}</pre>`
    : `<p class="att">Encrypted for a browser's keys; the push service cannot read it.</p>`;
  return facts + content;
}

const messageCard = (m: OutboxMessage) => `
  <article class="msg">
    <header>
      <span class="badge ${m.channel}">${BADGES[m.channel]}</span>
      <strong>${escapeHtml(m.subject ?? (m.channel === "sms" ? "Text message" : "(no subject)"))}</strong>
      <time datetime="${m.sentAt}">${escapeHtml(new Date(m.sentAt).toLocaleString("en-GB", { timeZone: "UTC" }))} UTC</time>
    </header>
    <dl>
      <dt>To</dt><dd>${escapeHtml(m.to.join(", "))}</dd>
      ${m.from ? `<dt>From</dt><dd>${escapeHtml(m.from)}</dd>` : ""}
      ${m.replyTo?.length ? `<dt>Reply-To</dt><dd>${escapeHtml(m.replyTo.join(", "))}</dd>` : ""}
      <dt>Via</dt><dd>${m.via}</dd>
    </dl>
    ${
      m.push
        ? pushBody(m)
        : m.html
          ? `<iframe sandbox="" title="Email body" srcdoc="${escapeHtml(m.html)}"></iframe>
           ${m.text ? `<details><summary>Plain text</summary><pre>${escapeHtml(m.text)}</pre></details>` : ""}`
          : `<pre>${escapeHtml(m.text ?? "")}</pre>`
    }
    ${
      m.attachments?.length
        ? `<p class="att">Attachments: ${m.attachments.map((a) => `${escapeHtml(a.filename)} (${escapeHtml(a.contentType)}, ${a.size} bytes)`).join(", ")}</p>`
        : ""
    }
  </article>`;

/**
 * The outbox as a page: every email and SMS the local stack sent, newest first. The page reloads
 * itself when a new message arrives, so a sign-up code shows up without a manual refresh.
 */
export function outboxPage(messages: OutboxMessage[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox · LikenessGuard local</title>
<style>
  :root { font-family: system-ui, sans-serif; color: #1f2937; background: #f3f4f6; }
  body { max-width: 860px; margin: 0 auto; padding: 24px; }
  h1 { font-size: 1.4rem; margin: 0 0 4px; }
  .lead { color: #6b7280; margin: 0 0 24px; }
  .msg { background: #fff; border-radius: 10px; padding: 16px 20px; margin-bottom: 16px; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
  .msg header { display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
  .msg time { margin-left: auto; color: #6b7280; font-size: .85rem; }
  .badge { font-size: .75rem; font-weight: 600; padding: 2px 8px; border-radius: 999px; text-transform: uppercase; }
  .badge.email { background: #dbeafe; color: #1e40af; }
  .badge.sms { background: #dcfce7; color: #166534; }
  .badge.push { background: #fef3c7; color: #92400e; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; font-size: .9rem; margin: 12px 0; }
  dt { color: #6b7280; }
  dd { margin: 0; }
  pre { white-space: pre-wrap; background: #f9fafb; padding: 12px; border-radius: 6px; font-size: .9rem; }
  iframe { width: 100%; min-height: 320px; border: 1px solid #e5e7eb; border-radius: 6px; background: #fff; }
  .empty { color: #6b7280; text-align: center; padding: 48px 0; }
  .att { font-size: .85rem; color: #6b7280; }
</style>
</head>
<body>
<h1>Outbox</h1>
<p class="lead">Emails, text messages and Web Push messages the local LikenessGuard stack sent (sign-up codes, alerts, takedown notices). Nothing leaves this machine.</p>
${messages.length === 0 ? '<p class="empty">No messages yet.</p>' : messages.map(messageCard).join("\n")}
<script>
  const shown = ${messages.length};
  setInterval(async () => {
    try {
      const res = await fetch("/outbox/api/messages");
      const { messages } = await res.json();
      if (messages.length !== shown) location.reload();
    } catch {}
  }, 3000);
</script>
</body>
</html>`;
}
