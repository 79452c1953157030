import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { enrolPersona, loadScenario, scanClients, startScan, waitForScan } from "../support/scan-run.js";

const { env } = inject("localStack");
const world = { env, mediaDir: env.DEMO_MEDIA_DIR ?? path.resolve("../shared/data") };

describe("a scan's workflow execution", () => {
  it("keeps ids, never the person's name or handles, in its input and output", async () => {
    const scenario = await loadScenario(env);
    const userId = "scan-user-private";
    await enrolPersona(world, userId, scenario);
    // Two platforms are enough to carry the search inputs and the record steps' answers.
    const { accounts } = scanClients(env);
    const profile = await accounts.getProfile(userId);
    if (!profile) throw new Error("no profile");
    await accounts.putProfile({ ...profile, platforms: ["reddit", "twitter"] });

    const run = await waitForScan(env, await startScan(env, userId, "scan_private"));
    expect(run.status).toBe("SUCCEEDED");
    const recorded = `${run.input} ${run.output}`.toLowerCase();
    expect(recorded).toContain(userId);
    // Threats were still recorded: the record step read the candidates Analyse kept, by key.
    const output = JSON.parse(run.output ?? "{}") as { finish?: { threatsFound?: number } };
    expect(output.finish?.threatsFound).toBeGreaterThan(0);
    const threats = await scanClients(env).threats.list(userId);
    expect(threats.length).toBe(output.finish?.threatsFound);
    // An impersonation still says which protected name it imitates, read again inside Analyse.
    for (const t of threats.filter((t) => t.threatType === "impersonation")) {
      expect(t.classification?.likeness.nameMatch).toBeTruthy();
    }
    const [first = "", ...rest] = scenario.persona.displayName.split(" ");
    for (const personal of [scenario.persona.displayName, first, rest.join(" "), scenario.persona.handle]) {
      expect(recorded, personal).not.toContain(personal.toLowerCase());
    }
  }, 600_000);
});
