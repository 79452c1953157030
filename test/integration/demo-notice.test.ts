import { describe, expect, inject, it } from "vitest";

/** Issue 15: the demo's Take Down / Generate DMCA work on demo data for a visitor without an account. */
const stack = inject("localStack");
const api = (path: string) => `${stack.url}${path}`;

const post = (path: string, json: unknown) =>
  fetch(api(path), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(json) });

describe("demo takedown notice", () => {
  it("gives a visitor the notice for a demo threat, signed as the tier's persona, and sends nothing", async () => {
    const outboxBefore = ((await (await fetch(api("/outbox/api/messages"))).json()) as { messages: unknown[] }).messages
      .length;
    const threats = (await (await fetch(api("/api/demo/threats?demoType=professional"))).json()) as {
      id: string;
      url: string;
    }[];
    expect(threats.length).toBeGreaterThan(0);
    const [threat] = threats;
    const res = await post("/api/demo/dmca", { threatId: threat?.id });
    expect(res.status).toBe(200);
    const notice = (await res.json()) as { demo: boolean; requestContent: string; recipient: string };
    expect(notice.demo).toBe(true);
    expect(notice.requestContent).toContain("Jordan Blake");
    expect(notice.requestContent).toContain(threat?.url);
    const outboxAfter = ((await (await fetch(api("/outbox/api/messages"))).json()) as { messages: unknown[] }).messages
      .length;
    expect(outboxAfter).toBe(outboxBefore);
  });

  it("refuses ids that are not demo threats, and real threats' notices still need an account", async () => {
    expect((await post("/api/demo/dmca", { threatId: "01JABCDEF" })).status).toBe(400);
    expect((await post("/api/demo/dmca", { threatId: "demo_personal_999" })).status).toBe(404);
    expect((await post("/api/dmca", { threatId: "demo_personal_1" })).status).toBe(401);
  });
});
