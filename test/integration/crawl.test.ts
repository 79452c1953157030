/**
 * The shared crawl on the local stack (issue 24): the configured channels, boards, feeds and pages of
 * the platform simulator are read once for everyone, each face and voice compared with the gallery of
 * every enrolled person, and the planted likeness recorded for the enrolled person as their own scan
 * would record it. A second crawl reads nothing again.
 */
import path from "node:path";
import { DescribeExecutionCommand, StartExecutionCommand } from "@aws-sdk/client-sfn";
import { rebuildGalleryFor } from "@lg/domain/gallery/gallery-sync";
import { describe, expect, inject, it } from "vitest";
import { enrolPersona, loadScenario, plantedMedia, scanClients } from "../support/scan-run.js";
import { localGallery } from "./local-gallery.js";

const { env } = inject("localStack");
const world = { env, mediaDir: env.DEMO_MEDIA_DIR ?? path.resolve("../shared/data") };

/** The simulator's sources a crawl reads: configured channels, boards, feeds and pages (no searches). */
const SHARED_SOURCES = new Set(["telegram", "discord", "4chan", "rss", "web"]);

async function crawl(name: string) {
  const { sfn } = scanClients(env);
  const { executionArn } = await sfn.send(
    new StartExecutionCommand({ stateMachineArn: env.CRAWL_STATE_MACHINE_ARN, name, input: "{}" }),
  );
  const deadline = Date.now() + 600_000;
  for (;;) {
    const run = await sfn.send(new DescribeExecutionCommand({ executionArn }));
    if (run.status !== "RUNNING") return run;
    if (Date.now() > deadline) throw new Error(`crawl ${name} still running`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("the shared crawl", () => {
  it("finds the planted likeness on every shared source for the enrolled person, no false threat, reads nothing twice, and looks back once for a newcomer", async () => {
    const scenario = await loadScenario(env);
    const userId = "crawl-user";
    await enrolPersona(world, userId, scenario);
    const { accounts, keys, threats } = scanClients(env);
    const indexed = await rebuildGalleryFor(userId, await accounts.listSamples(userId), {
      gallery: localGallery(env),
      keys,
      now: () => new Date(),
    });
    expect(indexed).toBe(2);

    const first = await crawl(`crawl-it-first-${Date.now()}`);
    expect(first.status).toBe("SUCCEEDED");
    const { planted, avatars } = await plantedMedia(world, scenario);
    const items = scenario.items as unknown as { source: string; planted: unknown; media: { path: string }[] }[];
    const sharedPaths = new Set(
      items.filter((i) => i.planted && SHARED_SOURCES.has(i.source)).flatMap((i) => i.media.map((m) => m.path)),
    );
    const expected = [...planted].filter(([, where]) => sharedPaths.has(where.path)).map(([hash]) => hash);
    expect(expected.length).toBeGreaterThan(0);

    const recorded = await threats.list(userId);
    const media = new Set(recorded.map((t) => t.mediaSha256.split(":")[0]));
    expect(expected.filter((hash) => !media.has(hash))).toEqual([]);
    expect(recorded.filter((t) => !planted.has(t.mediaSha256) && !avatars.has(t.mediaSha256))).toEqual([]);
    // Each threat owes its alert to the person, and the handover sent it.
    expect(recorded.every((t) => t.evidenceData?.hash.length === 64)).toBe(true);

    const second = await crawl(`crawl-it-second-${Date.now()}`);
    expect(second.status).toBe("SUCCEEDED");
    const output = JSON.parse(second.output ?? "{}") as { platforms: { discovered?: { itemCount: number } }[] };
    expect(output.platforms.length).toBeGreaterThan(0);
    expect(output.platforms.every((p) => p.discovered?.itemCount === 0)).toBe(true);
    expect((await threats.list(userId)).length).toBe(recorded.length);

    // A newcomer enrols after the crawl read everything: the next crawl looks back for them once, over
    // what it read before they enrolled, and finds the planted likeness for them too.
    const newcomer = "crawl-newcomer";
    await enrolPersona(world, newcomer, scenario);
    await rebuildGalleryFor(newcomer, await accounts.listSamples(newcomer), {
      gallery: localGallery(env),
      keys,
      now: () => new Date(),
    });
    const third = await crawl(`crawl-it-third-${Date.now()}`);
    expect(third.status).toBe("SUCCEEDED");
    const lookedBack = JSON.parse(third.output ?? "{}") as { lookBacks: { discovered?: { itemCount: number } }[] };
    expect(lookedBack.lookBacks).toHaveLength(1);
    expect(lookedBack.lookBacks[0]?.discovered?.itemCount).toBeGreaterThanOrEqual(expected.length);
    const theirs = await threats.list(newcomer);
    const theirMedia = new Set(theirs.map((t) => t.mediaSha256.split(":")[0]));
    expect(expected.filter((hash) => !theirMedia.has(hash))).toEqual([]);
    expect(theirs.filter((t) => !planted.has(t.mediaSha256) && !avatars.has(t.mediaSha256))).toEqual([]);
    expect((await threats.list(userId)).length).toBe(recorded.length);
    // Once: the next crawl looks back for nobody.
    const fourth = await crawl(`crawl-it-fourth-${Date.now()}`);
    expect((JSON.parse(fourth.output ?? "{}") as { lookBacks: unknown[] }).lookBacks).toEqual([]);
  }, 900_000);
});
