import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { sha256Hex } from "@lg/domain/scanning/evidence";
import { DynamoThreatRepository } from "@lg/domain/threats/adapters/dynamo-threats";
import { classifyImpersonation, classifyMedia } from "@lg/domain/threats/classification";
import { recordThreats, type ThreatCandidate } from "@lg/domain/threats/threat-recorder";
import { titleFor } from "@lg/domain/threats/threat-titles";

/**
 * Many threats for one account, recorded through the real recorder and repository (so counters,
 * groups and listing fields are written as a scan writes them). Deterministic for a seed: the same
 * call gives the same threats, with a spread of types, platforms, accounts, confidences, verdicts
 * and days, some accounts posting many items and some pictures found again as another type.
 */
export interface SeedOptions {
  count: number;
  /** Days the detections spread over, ending at `endAt`. */
  days?: number;
  endAt?: Date;
  seed?: number;
  /** Parallel recorders (each records its own slice). */
  parallel?: number;
  /** Candidates per recorder call (each call looks its candidates up by key, as a scan does). */
  batch?: number;
  onProgress?: (recorded: number) => void;
}

export const SEED_PLATFORMS = [
  "youtube",
  "reddit",
  "x",
  "bluesky",
  "mastodon",
  "telegram",
  "tiktok",
  "4chan",
  "pastebin",
  "ebay",
  "discord",
  "rss",
] as const;

/** A few heavy posters (the grouping's point) among many occasional ones. */
export const seedAccount = (i: number) => (i % 10 < 3 ? `heavy_poster_${i % 3}` : `account_${(i * 7919) % 400}`);

function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function seedCandidates(userId: string, options: SeedOptions): { candidate: ThreatCandidate; at: string }[] {
  const rand = random(options.seed ?? 17);
  const days = options.days ?? 90;
  const end = (options.endAt ?? new Date("2026-11-23T12:00:00Z")).getTime();
  const start = end - days * 86_400_000;
  const out: { candidate: ThreatCandidate; at: string }[] = [];
  // Each picture's hash and the types it was recorded as: a twin of the same type would be a sighting.
  const phashes: { hash: string; types: Set<string> }[] = [];
  const freshHash = () =>
    [0, 1, 2, 3]
      .map(() =>
        Math.floor(rand() * 2 ** 16)
          .toString(16)
          .padStart(4, "0"),
      )
      .join("");
  for (let i = 0; i < options.count; i++) {
    const at = new Date(start + Math.floor(((end - start) * (i + rand())) / options.count)).toISOString();
    const platform = SEED_PLATFORMS[Math.floor(rand() * SEED_PLATFORMS.length)] ?? "youtube";
    const account = seedAccount(Math.floor(rand() * 1000));
    const confidence = Math.round((50 + rand() * 50) * 10) / 10;
    const kind = rand();
    const mediaSha256 = sha256Hex(`${userId}:seed:${options.seed ?? 17}:${i}`);
    const url = `https://${platform}.example/${account}/post/${i}`;
    const evidence = {
      hash: sha256Hex(`manifest:${mediaSha256}`),
      manifestKey: `evidence/${userId}/${mediaSha256}/manifest.json`,
      capturedAt: at,
    };
    if (kind < 0.1) {
      const handle = `${account}_official`;
      const classification = classifyImpersonation({ confidence, handle, found: { url } });
      out.push({
        at,
        candidate: {
          personId: "self",
          threatType: "impersonation",
          confidence,
          platform,
          contentType: "profile",
          url,
          title: titleFor("impersonation", "profile", "you", handle),
          mediaSha256: `${mediaSha256}:${platform}:${handle}`,
          account: handle,
          evidence,
          detection: { handle, face: { personId: "self", confidence } },
          classification,
        },
      });
      continue;
    }
    const voice = kind < 0.3;
    const syntheticRoll = rand();
    const synthetic = syntheticRoll < 0.4 ? "synthetic" : syntheticRoll < 0.9 ? "no-evidence" : "unknown";
    const intimate = !voice && rand() < 0.05;
    const classified = classifyMedia(
      {
        face: voice ? null : { personId: "self", confidence },
        voice: voice ? { personId: "self", confidence } : null,
        synthetic: { status: synthetic, score: synthetic === "synthetic" ? 0.9 : synthetic === "unknown" ? null : 0.1 },
        // A cloned voice is one the voice countermeasure found synthetic.
        signals: voice && synthetic === "synthetic" ? [{ id: "voice-synthetic", status: "present", score: 0.9 }] : [],
        intimate: intimate ? { status: "present", score: 0.95 } : null,
        found: { title: `Clip ${i} posted by ${account}`, url },
      },
      0,
      "scan",
    );
    if (!classified) throw new Error("a seeded match always classifies");
    const type = classified.classification.type;
    // Every 20th picture is one seen before as another type of threat: the two form a media group.
    const earlier = i % 20 === 19 ? phashes[Math.floor(rand() * phashes.length)] : undefined;
    const twin = earlier && !earlier.types.has(type) ? earlier : undefined;
    const perceptualHash = twin ? twin.hash : freshHash();
    if (twin) twin.types.add(type);
    else if (!voice) phashes.push({ hash: perceptualHash, types: new Set([type]) });
    out.push({
      at,
      candidate: {
        personId: "self",
        threatType: type,
        confidence,
        platform,
        contentType: voice ? "audio/mpeg" : "image/jpeg",
        url,
        title: titleFor(type, voice ? "voice" : "face", "you"),
        mediaSha256,
        ...(voice ? {} : { perceptualHash }),
        account,
        evidence,
        detection: {
          synthetic,
          syntheticScore: synthetic === "synthetic" ? 0.9 : 0.1,
          ...(voice ? { voice: { personId: "self", confidence } } : { face: { personId: "self", confidence } }),
        },
        classification: classified.classification,
      },
    });
  }
  return out;
}

/** Records the seeded threats through the recorder, `parallel` slices at a time. */
export async function seedThreats(
  doc: DynamoDBDocumentClient,
  tableName: string,
  userId: string,
  options: SeedOptions,
) {
  const repo = new DynamoThreatRepository(doc, tableName);
  const all = seedCandidates(userId, options);
  const parallel = options.parallel ?? 4;
  const batch = options.batch ?? 250;
  let recorded = 0;
  const slices: (typeof all)[] = [];
  for (let i = 0; i < all.length; i += batch) slices.push(all.slice(i, i + batch));
  let next = 0;
  const worker = async () => {
    while (next < slices.length) {
      const slice = slices[next++] ?? [];
      let k = 0;
      await recordThreats(
        repo,
        userId,
        slice.map((s) => s.candidate),
        () => slice[Math.min(k++, slice.length - 1)]?.at ?? new Date().toISOString(),
      );
      recorded += slice.length;
      options.onProgress?.(recorded);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return all;
}
