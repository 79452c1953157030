import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../../local/src/aws/http-server.js";
import { startWebServer } from "../../../local/src/http/web-server.js";
import { Outbox } from "../../../local/src/outbox/outbox.js";

let dir: string;
let web: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "lg-slow-body-"));
  web = await startWebServer({
    port: 0,
    distDir: dir,
    outbox: new Outbox(path.join(dir, "outbox")),
    runtimeConfig: () => ({}),
    securityHeaders: () => ({}),
    requestTimeoutMs: 1_500,
  });
});

afterAll(async () => {
  await web?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the local web origin", () => {
  it("ends a request whose body trickles in, instead of holding its connection open", async () => {
    const { port } = new URL(web.url);
    const socket = net.connect(Number(port), "127.0.0.1");
    const started = Date.now();
    socket.write("POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n");
    socket.write("Content-Length: 1000\r\n\r\n{");
    // One byte every 200 ms would take 200 s to deliver the declared body.
    const trickle = setInterval(() => socket.writable && socket.write(" "), 200);
    const answer = await new Promise<string>((resolve) => {
      let received = "";
      socket.on("data", (chunk) => {
        received += chunk.toString();
      });
      socket.on("close", () => resolve(received));
      socket.on("error", () => resolve(received));
    });
    clearInterval(trickle);
    const heldMs = Date.now() - started;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(heldMs).toBeLessThan(5_000);
  }, 15_000);
});
