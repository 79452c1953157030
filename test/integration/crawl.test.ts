/**
 * The shared crawl on the local stack (issue 24): the configured channels, boards, feeds and pages of
 * the platform simulator are read once for everyone, each face and voice compared with the gallery of
 * every enrolled person, and the planted likeness recorded for the enrolled person as their own scan
 * would record it. A second crawl reads nothing again.
 */
import path from "node:path";
import { rebuildGalleryFor } from "@lg/domain/gallery/gallery-sync";
import { describe, expect, inject, it } from "vitest";
import { enrolPersona, loadScenario, plantedOnSharedSources, runCrawl, scanClients } from "../support/scan-run.js";
import { localGallery } from "./local-gallery.js";

const { env } = inject("localStack");
const world = { env, mediaDir: env.DEMO_MEDIA_DIR ?? path.resolve("../shared/data") };

const crawl = async (name: string) => (await runCrawl(env, name)).run;

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
    const { planted, avatars, expected } = await plantedOnSharedSources(world, scenario);
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
