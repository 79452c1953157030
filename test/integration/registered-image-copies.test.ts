/**
 * Issue 39 end to end: edited copies of a registered intimate picture, posted on several platforms of
 * the platform simulator (POST /__post, the test's own files served like any other item), are found
 * by a person's whole scan and by a pass of the shared crawl; unrelated pictures and the copy PDQ
 * cannot see (cropped by 10%) never match; deleting the hashes, or the account, leaves fresh copies
 * unmatched at the very next scan and crawl.
 *
 * It runs a local stack of its own: a crawl reads every configured source once for everyone, so a
 * crawl here would take the shared stack's items from the crawl test that must read them first.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { RDSDataClient } from "@aws-sdk/client-rds-data";
import { faceDescriptors } from "@lg/detection";
import { pdqDistance } from "@lg/detection/hashing/pdq";
import { pdqProbesOf } from "@lg/detection/hashing/pdq-media";
import { sealEmbedding } from "@lg/domain/biometrics/embedding-cipher";
import { RdsDataSql } from "@lg/domain/gallery/adapters/rds-data-sql";
import { SELF_PERSON_ID } from "@lg/domain/records";
import { PdqIndex } from "@lg/domain/registered-images/pdq-index";
import { PDQ_MATCH_DISTANCE } from "@lg/domain/registered-images/pdq-rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COPY_EDITS, type CopyEdit, editedCopy } from "../../local/src/platform-simulator/edited-copies.js";
import { itemNumberIn } from "../../local/src/platform-simulator/formats/web-pages.js";
import type { TestPost } from "../../local/src/platform-simulator/posted-by-test.js";
import { type LocalStack, startLocalStack } from "../../local/src/stack.js";
import { runCrawl, scanClients, startScan, waitForScan, watchEverywhereAsEnterprise } from "../support/scan-run.js";
import { clientConfig } from "./local-clients.js";
import { PASSWORD, type SignedUpPerson, signUp } from "./signed-up-person.js";

const REGISTERED = "faces/deepface/img1.jpg";
const UNRELATED = ["faces/deepface/couple.jpg", "fake-images/mesonet/test_images/real/real00772.jpg"];
/**
 * Dana's enrolled face (another person's than the registered picture's), so her scan also runs a face
 * search that finds nothing beside the hash matches (hashes alone also start a scan: docs/hashes.md).
 */
const DANA_FACE = "faces/deepface/img27.jpg";
const NAME = { firstName: "Dana", lastName: "Leakwood", aliases: [], handles: [] };

/**
 * Where copies go: each on a platform a person's scan searches (catalogue platforms) and on a source
 * the crawl reads, in COPY_EDITS order (re-encoded, resized, cropped, mirrored, video frame).
 */
const SEARCHED: TestPost["source"][] = ["reddit", "x", "x", "reddit", "reddit"];
const SHARED: { source: TestPost["source"]; channel: string }[] = [
  { source: "telegram", channel: "leaks_daily" },
  { source: "4chan", channel: "b" },
  { source: "discord", channel: "1100000000000000001" },
  { source: "4chan", channel: "pol" },
  { source: "telegram", channel: "worldnews_feed" },
];

interface Posted {
  no: string;
  what: CopyEdit | "unrelated";
  /** PDQ's distance from the registered hash, the closest of the copy's orientations and frames. */
  distance: number;
  shared: boolean;
}

/** The shared labelled data the simulator serves too (LG_DATA_DIR overrides, as for the stack). */
const dataFile = (file: string) =>
  new Uint8Array(readFileSync(path.join(process.env.LG_DATA_DIR ?? path.resolve("../shared/data"), file)));

let stack: LocalStack;
const dataDir = mkdtempSync(path.join(tmpdir(), "lg-registered-copies-"));

beforeAll(async () => {
  // A small world of its own: its decoys are unrelated pictures, recordings and videos too.
  stack = await startLocalStack({ dataDir, port: 0, simulator: { totalItems: 16, plantedItems: 0 } });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const api = async (route: string, cookie: string, method = "GET", body?: unknown) => {
  const res = await fetch(`${stack.url}${route}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, text: await res.text() };
};

async function post(bytes: Uint8Array, where: { source: TestPost["source"]; channel?: string }): Promise<string> {
  const video = bytes[4] === 0x66 && bytes[5] === 0x74; // "ftyp": an MP4
  const simulator = stack.simulator?.url ?? "";
  const body: TestPost = {
    ...where,
    text: `Leaked pictures of ${NAME.firstName} ${NAME.lastName}`,
    media: {
      kind: video ? "video" : "image",
      contentType: video ? "video/mp4" : "image/jpeg",
      base64: Buffer.from(bytes).toString("base64"),
    },
  };
  const res = await fetch(`${simulator}/__post`, { method: "POST", body: JSON.stringify(body) });
  const answer = (await res.json()) as { no: number; error?: string };
  expect(res.status, answer.error).toBe(200);
  return String(answer.no);
}

async function closestDistance(bytes: Uint8Array, registered: string): Promise<number> {
  const probes = await pdqProbesOf(bytes);
  return Math.min(...probes.flatMap((p) => Object.values(p.variants).map((hex) => pdqDistance(hex, registered))));
}

/** Posts every edited copy on a searched platform and on a shared source, and the unrelated pictures. */
async function postCopies(original: Uint8Array, registered: string): Promise<Posted[]> {
  const posted: Posted[] = [];
  for (const [i, edit] of COPY_EDITS.entries()) {
    const copy = await editedCopy(original, edit);
    const distance = await closestDistance(copy, registered);
    posted.push({
      no: await post(copy, { source: SEARCHED[i % SEARCHED.length]! }),
      what: edit,
      distance,
      shared: false,
    });
    posted.push({ no: await post(copy, SHARED[i % SHARED.length]!), what: edit, distance, shared: true });
  }
  for (const [i, file] of UNRELATED.entries()) {
    const bytes = dataFile(file);
    const distance = await closestDistance(bytes, registered);
    posted.push({ no: await post(bytes, { source: "reddit" }), what: "unrelated", distance, shared: false });
    posted.push({ no: await post(bytes, SHARED[i]!), what: "unrelated", distance, shared: true });
  }
  return posted;
}

/** The simulator items an account's registered-image threats rest on: each threat's post and its further sightings. */
async function matchedItems(userId: string): Promise<Set<string>> {
  const threats = await scanClients(stack.env).threats.list(userId);
  const intimate = threats.filter((t) => t.threatType === "intimate_imagery");
  const urls = intimate.flatMap((t) => [t.url, ...(t.sightings ?? []).map((s) => s.url)]);
  return new Set(urls.map((url) => itemNumberIn(url) ?? url));
}

/** Every registered-image threat of the account with its sightings, to tell whether anything was added. */
const threatsOf = async (userId: string) =>
  (await scanClients(stack.env).threats.list(userId))
    .filter((t) => t.threatType === "intimate_imagery")
    .map((t) => ({ id: t.id, url: t.url, sightings: (t.sightings ?? []).map((s) => s.url).sort() }))
    .sort((a, b) => a.id.localeCompare(b.id));

async function scan(userId: string, name: string) {
  const done = await waitForScan(stack.env, await startScan(stack.env, userId, name));
  expect(done.status, done.output).toBe("SUCCEEDED");
}

async function crawl(name: string) {
  const { run } = await runCrawl(stack.env, `${name}-${Date.now()}`);
  expect(run.status, run.output).toBe("SUCCEEDED");
}

/** An Enterprise plan watching every platform under these names; the sign-up's own fields (its username) stay. */
async function watchEverywhere(userId: string, names: Parameters<typeof watchEverywhereAsEnterprise>[2]) {
  const { accounts } = scanClients(stack.env);
  const signedUp = await accounts.getProfile(userId);
  await watchEverywhereAsEnterprise({ env: stack.env }, userId, names);
  const watching = await accounts.getProfile(userId);
  if (!signedUp || !watching) throw new Error(`No profile for ${userId}`);
  await accounts.putProfile({ ...signedUp, ...watching });
}

/** A verified face sample, sealed as a live capture leaves it. */
async function enrolFace(userId: string, file: string) {
  const { accounts, keys } = scanClients(stack.env);
  const [face] = await faceDescriptors(dataFile(file));
  if (!face) throw new Error(`No face in ${file}`);
  await accounts.putSample({
    userId,
    personId: SELF_PERSON_ID,
    modality: "face",
    sampleId: "face-seed",
    source: "live-capture",
    verified: true,
    verifiedBy: "live-check",
    ...(await sealEmbedding(keys, userId, "face", face.descriptor)),
    embeddingModel: face.embeddingModel,
    quality: {},
    createdAt: new Date().toISOString(),
  });
}

async function register(person: SignedUpPerson, hash: string, quality: number) {
  const res = await api("/api/image-hashes", person.cookie, "POST", { hashes: [{ hash, quality }] });
  expect(res.status, res.text).toBe(200);
}

describe("edited copies of a registered intimate picture on the simulated platforms", () => {
  it("are found by a whole scan and a crawl pass where PDQ can see them, unrelated pictures never, and nothing after deletion", {
    timeout: 1_200_000,
  }, async () => {
    const original = dataFile(REGISTERED);
    const [probe] = await pdqProbesOf(original);
    if (!probe) throw new Error(`${REGISTERED} gave no PDQ hash`);
    const registered = probe.variants.original;
    expect(probe.quality).toBeGreaterThanOrEqual(50);

    // Dana registers the picture and her scan searches for her name; Erin registers it too, with
    // another name, so only the crawl (which searches for nobody) can find it for her.
    const dana = await signUp(stack.url, "copies-dana");
    const erin = await signUp(stack.url, "copies-erin");
    await watchEverywhere(dana.userId, NAME);
    await watchEverywhere(erin.userId, { ...NAME, firstName: "Erin", lastName: "Vale" });
    await enrolFace(dana.userId, DANA_FACE);
    await register(dana, registered, probe.quality);
    await register(erin, registered, probe.quality);

    const posted = await postCopies(original, registered);
    const findable = posted.filter((p) => p.what !== "unrelated" && p.distance <= PDQ_MATCH_DISTANCE);
    const unseen = posted.filter((p) => p.what !== "unrelated" && p.distance > PDQ_MATCH_DISTANCE);
    const unrelated = posted.filter((p) => p.what === "unrelated");
    // What PDQ can see, measured here: every copy but the 10% crop, which moves PDQ's grid
    // (docs/hashes.md); unrelated pictures lie far beyond the threshold.
    expect(new Set(findable.map((p) => p.what))).toEqual(new Set(["re-encoded", "resized", "mirrored", "video-frame"]));
    expect(unseen.map((p) => p.what)).toEqual(["cropped-10%", "cropped-10%"]);
    for (const p of unrelated) expect(p.distance).toBeGreaterThan(PDQ_MATCH_DISTANCE);

    await scan(dana.userId, "copies-scan-1");
    const byScan = await matchedItems(dana.userId);
    expect(findable.filter((p) => !p.shared && !byScan.has(p.no))).toEqual([]);
    expect([...unseen, ...unrelated].filter((p) => byScan.has(p.no))).toEqual([]);

    await crawl("copies-crawl-1");
    const sharedCopies = findable.filter((p) => p.shared);
    for (const person of [dana, erin]) {
      const found = await matchedItems(person.userId);
      expect(sharedCopies.filter((p) => !found.has(p.no))).toEqual([]);
      // Nothing else: never an unrelated picture, never the crop PDQ cannot see.
      expect([...unseen, ...unrelated].filter((p) => found.has(p.no))).toEqual([]);
    }
    // Erin's name is on no post: all she has came from the crawl's shared sources.
    const erinFound = await matchedItems(erin.userId);
    expect(findable.filter((p) => !p.shared && erinFound.has(p.no))).toEqual([]);

    // Dana deletes her hashes, Erin her account; the same copies are posted again, fresh posts.
    const index = new PdqIndex(
      new RdsDataSql(new RDSDataClient(clientConfig(stack.env, "AWS_ENDPOINT_URL_RDS_DATA")), {
        resourceArn: stack.env.GALLERY_CLUSTER_ARN ?? "",
        secretArn: stack.env.GALLERY_SECRET_ARN ?? "",
        database: stack.env.GALLERY_DATABASE ?? "",
      }),
    );
    expect((await index.match([registered])).map((m) => m.userId).sort()).toEqual([dana.userId, erin.userId].sort());
    const deleted = await api("/api/image-hashes", dana.cookie, "DELETE");
    expect(deleted.status, deleted.text).toBe(200);
    const erased = await api("/api/account", erin.cookie, "DELETE", { currentPassword: PASSWORD });
    expect(erased.status, erased.text).toBe(200);
    expect(await index.match([registered])).toEqual([]);

    const danaBefore = await threatsOf(dana.userId);
    const fresh = await postCopies(original, registered);
    expect(fresh.filter((p) => p.distance <= PDQ_MATCH_DISTANCE).length).toBe(findable.length);
    await scan(dana.userId, "copies-scan-2");
    await crawl("copies-crawl-2");
    expect(await threatsOf(dana.userId)).toEqual(danaBefore);
    expect(await threatsOf(erin.userId)).toEqual([]);
  });
});
