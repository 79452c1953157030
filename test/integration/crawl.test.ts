/**
 * The shared crawl on the local stack (issue 24): the configured channels, boards, feeds and pages of
 * the platform simulator are read once for everyone, each face and voice compared with the gallery of
 * every enrolled person, and the planted likeness recorded for the enrolled person as their own scan
 * would record it. A second crawl reads nothing again.
 */
import path from "node:path";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { rebuildGalleryFor } from "@lg/domain/gallery/gallery-sync";
import { afterAll, describe, expect, inject, it } from "vitest";
import { enrolPersona, loadScenario, plantedOnSharedSources, runCrawl, scanClients } from "../support/scan-run.js";
import { clientConfig } from "./local-clients.js";
import { localGallery } from "./local-gallery.js";

const { env } = inject("localStack");
const world = { env, mediaDir: env.DEMO_MEDIA_DIR ?? path.resolve("../shared/data") };

const crawl = async (name: string) => (await runCrawl(env, name)).run;
const s3 = new S3Client(clientConfig(env, "AWS_ENDPOINT_URL_S3"));
const readJson = async (bucket: string, key: string) => {
  const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return JSON.parse((await object.Body?.transformToString("utf8")) ?? "null");
};

interface Exported {
  MapRunArn: string;
  ResultWriterDetails: { Bucket: string; Key: string };
}

/** The children's outputs a Map Run exported (ResultWriter), read back from its manifest.json. */
async function exportedOutputs(analysed: Exported) {
  const { Bucket, Key } = analysed.ResultWriterDetails;
  const manifest = await readJson(Bucket, Key);
  expect(manifest.MapRunArn).toBe(analysed.MapRunArn);
  const files = [...manifest.ResultFiles.SUCCEEDED, ...manifest.ResultFiles.FAILED] as { Key: string }[];
  const records = (await Promise.all(files.map((f) => readJson(Bucket, f.Key)))).flat();
  return records.map((r: { Output?: string }) => JSON.parse(r.Output ?? "null"));
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
    const { planted, avatars, expected } = await plantedOnSharedSources(world, scenario);
    expect(expected.length).toBeGreaterThan(0);

    const recorded = await threats.list(userId);
    const media = new Set(recorded.map((t) => t.mediaSha256.split(":")[0]));
    expect(expected.filter((hash) => !media.has(hash))).toEqual([]);
    expect(recorded.filter((t) => !planted.has(t.mediaSha256) && !avatars.has(t.mediaSha256))).toEqual([]);
    // Each threat owes its alert to the person, and the handover sent it.
    expect(recorded.every((t) => t.evidenceData?.hash.length === 64)).toBe(true);
    // The batches' results went to S3 under the crawl's id, not into the execution's state: it holds
    // only where they are, and they hold counts (every recorded threat among them), no name.
    const crawled = JSON.parse(first.output ?? "{}") as {
      crawlId: string;
      platforms: { discovered?: { itemCount: number }; analysed?: Exported }[];
    };
    const analysed = crawled.platforms.flatMap((p) => (p.analysed ? [p.analysed] : []));
    expect(analysed.length).toBeGreaterThan(0);
    for (const a of analysed) {
      expect(Object.keys(a).sort()).toEqual(["MapRunArn", "ResultWriterDetails"]);
      expect(a.ResultWriterDetails.Key).toMatch(
        new RegExp(`^results/crawl/${crawled.crawlId}/[0-9a-f-]{36}/manifest\\.json$`),
      );
    }
    const outputs = (await Promise.all(analysed.map(exportedOutputs))).flat() as { threats?: number }[];
    expect(outputs.reduce((n, o) => n + (o.threats ?? 0), 0)).toBe(recorded.length);
    expect(JSON.stringify(outputs)).not.toContain(scenario.persona.displayName);

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

  // The gallery is shared by the stack: this file's verified faces of the persona would make other
  // files' enrolments of the same face "verified on another account" (held for review).
  afterAll(async () => {
    for (const userId of ["crawl-user", "crawl-newcomer"]) await localGallery(env).removeUser(userId);
  });
});
