import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Outbox } from "../../../local/src/outbox/outbox.js";
import { startPushService } from "../../../local/src/push-service/push-service.js";

const dataDir = mkdtempSync(path.join(tmpdir(), "lg-push-restart-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("local push service across restarts", () => {
  it("comes back at the same origin, so endpoints saved by browsers before the restart still work", async () => {
    const outbox = new Outbox(path.join(dataDir, "outbox"));
    const first = await startPushService({ dataDir: path.join(dataDir, "push"), outbox });
    await first.close();
    const second = await startPushService({ dataDir: path.join(dataDir, "push"), outbox });
    try {
      expect(second.url).toBe(first.url);
    } finally {
      await second.close();
    }
  });
});
