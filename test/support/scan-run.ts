import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { KMSClient } from "@aws-sdk/client-kms";
import { DescribeExecutionCommand, SFNClient, StartExecutionCommand, StopExecutionCommand } from "@aws-sdk/client-sfn";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { decodeAudio, faceDescriptors, speakerEmbedding } from "@lg/detection";
import { DynamoAccountStore } from "@lg/domain/accounts/adapters/dynamo-account-store";
import { KmsDataKeys } from "@lg/domain/biometrics/adapters/kms-data-keys";
import { sealEmbedding } from "@lg/domain/biometrics/embedding-cipher";
import { SELF_PERSON_ID } from "@lg/domain/records";
import { DynamoThreatRepository } from "@lg/domain/threats/adapters/dynamo-threats";
import { hammingHex, NEAR_DUPLICATE_MAX_BITS } from "@lg/domain/threats/threat-recorder";
import { PLATFORMS } from "@lg/domain/tiers";
import { storeEnterprise } from "../../bench/local-table.js";
import { imagePerceptualHash } from "../../lambdas/src/shared/analysis/likeness-analyser.js";

/**
 * A scan over the platform simulator, driven as production drives it: the person's profile and
 * sealed embeddings in the table, the scan state machine started through the Step Functions API,
 * threats read back from the table. Shared by the integration test and `npm run bench:scan`.
 */
export interface ScanWorld {
  env: Record<string, string>;
  mediaDir: string;
}

interface ScenarioReport {
  persona: { displayName: string; handle: string; faceEnrolment: string; voiceEnrolment: string };
  items: {
    platform: string;
    source: string;
    planted: { reason: string } | null;
    media: { path: string; kind: string }[];
  }[];
  impersonators: { handle: string; avatar: string }[];
}

const clientConfig = (endpoint: string | undefined) => ({
  region: "us-east-1",
  ...(endpoint ? { endpoint } : {}),
  credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
});

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export function scenarioUrl(env: Record<string, string>): string {
  const bases = Object.values(JSON.parse(env.CONNECTOR_BASE_URLS ?? "{}")) as string[];
  if (!bases[0]) throw new Error("The local stack runs no platform simulator (no media folder)");
  return `${new URL(bases[0]).origin}/__scenario`;
}

export async function loadScenario(env: Record<string, string>): Promise<ScenarioReport> {
  return (await (await fetch(scenarioUrl(env))).json()) as ScenarioReport;
}

/** Hashes of the media that carry the persona's likeness, and of impersonators' avatars. */
export async function plantedMedia(world: ScanWorld, scenario: ScenarioReport) {
  /** Media hash -> where it was planted, and the picture's perceptual hash for still images. */
  const planted = new Map<string, { platform: string; path: string; perceptualHash?: string }>();
  // Only what the person's plan scans counts (the simulator also plants on sources outside the catalogue).
  const scanned = new Set(PLATFORMS.map((p) => p.id));
  for (const item of scenario.items.filter((i) => i.planted && scanned.has(i.platform)))
    for (const m of item.media) {
      const bytes = new Uint8Array(await readFile(path.join(world.mediaDir, m.path)));
      const perceptual = m.kind === "image" ? { perceptualHash: await imagePerceptualHash(bytes) } : {};
      planted.set(sha256(bytes), { platform: item.platform, path: m.path, ...perceptual });
    }
  const avatars = new Set<string>();
  for (const a of scenario.impersonators) avatars.add(sha256(await readFile(path.join(world.mediaDir, a.avatar))));
  return { planted, avatars };
}

export function scanClients(env: Record<string, string>) {
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient(clientConfig(env.AWS_ENDPOINT_URL_DYNAMODB)), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return {
    doc,
    accounts: new DynamoAccountStore(doc, env.TABLE_NAME ?? ""),
    threats: new DynamoThreatRepository(doc, env.TABLE_NAME ?? ""),
    keys: new KmsDataKeys(new KMSClient(clientConfig(env.AWS_ENDPOINT_URL_KMS)), env.BIOMETRIC_KEY_ID ?? ""),
    sfn: new SFNClient(clientConfig(env.AWS_ENDPOINT_URL_SFN)),
  };
}

/**
 * The persona as an enrolled enterprise user watching every platform. The face sample is stored
 * verified, as the three-pose capture would leave it (the data set has no turned poses of it).
 */
export async function enrolPersona(world: ScanWorld, userId: string, scenario: ScenarioReport) {
  const { accounts, keys } = scanClients(world.env);
  const now = new Date().toISOString();
  const [first, ...rest] = scenario.persona.displayName.split(" ");
  await watchEverywhereAsEnterprise(world, userId, {
    firstName: first ?? "",
    lastName: rest.join(" "),
    aliases: [scenario.persona.displayName],
    handles: [scenario.persona.handle],
  });
  const faceBytes = new Uint8Array(await readFile(path.join(world.mediaDir, scenario.persona.faceEnrolment)));
  const [face] = await faceDescriptors(faceBytes);
  if (!face) throw new Error("No face in the persona's enrolment photo");
  const voiceBytes = new Uint8Array(await readFile(path.join(world.mediaDir, scenario.persona.voiceEnrolment)));
  const voice = await speakerEmbedding((await decodeAudio(voiceBytes)).samples);
  for (const [modality, embedding] of [
    ["face", face.descriptor],
    ["voice", voice],
  ] as const) {
    await accounts.putSample({
      userId,
      personId: SELF_PERSON_ID,
      modality,
      sampleId: `${modality}-seed`,
      source: "live-capture",
      verified: true,
      // As a capture verifies each now: a face by the live check, a voice heard live.
      verifiedBy: modality === "face" ? "live-check" : "server-checked-capture",
      ...(await sealEmbedding(keys, userId, modality, embedding)),
      // Scans compare only faces of the model that computes them now.
      ...(modality === "face" ? { embeddingModel: face.embeddingModel } : {}),
      quality: {},
      createdAt: now,
    });
  }
}

/**
 * An Enterprise account (its subscription as billing's signed webhook would store it,
 * docs/billing.md) whose profile watches every platform of the catalogue, named as given.
 */
export async function watchEverywhereAsEnterprise(
  world: Pick<ScanWorld, "env">,
  userId: string,
  names: Parameters<typeof watchingEverywhere>[1],
) {
  const { accounts, doc } = scanClients(world.env);
  await storeEnterprise(doc, world.env.TABLE_NAME ?? "", userId);
  await accounts.putProfile(watchingEverywhere(userId, names));
}

/** An Enterprise profile watching every platform of the catalogue, named as given. */
export function watchingEverywhere(
  userId: string,
  names: { firstName: string; lastName: string; aliases: string[]; handles: string[] },
) {
  const now = new Date().toISOString();
  return {
    userId,
    ...names,
    ownAccounts: [],
    membershipTier: "enterprise" as const,
    platforms: PLATFORMS.map((p) => p.id),
    scanFrequency: "daily" as const,
    autoTakedown: false,
    scanPreferences: { socialMedia: true, forums: true, adultSites: true, darkWeb: true },
    notificationSettings: {},
    privacySettings: {},
    createdAt: now,
    updatedAt: now,
  };
}

/** The simulator's sources the shared crawl reads: configured channels, boards, feeds and pages (no searches). */
const SHARED_SOURCES = new Set(["telegram", "discord", "4chan", "rss", "web"]);

/** The planted media a crawl must find: those on the sources it reads, by media hash. */
export async function plantedOnSharedSources(world: ScanWorld, scenario: ScenarioReport) {
  const { planted, avatars } = await plantedMedia(world, scenario);
  const sharedPaths = new Set(
    scenario.items.filter((i) => i.planted && SHARED_SOURCES.has(i.source)).flatMap((i) => i.media.map((m) => m.path)),
  );
  const expected = [...planted].filter(([, where]) => sharedPaths.has(where.path)).map(([hash]) => hash);
  return { planted, avatars, expected };
}

/** One execution of the shared crawl, started as the hourly job starts it, waited for to its end. */
export async function runCrawl(env: Record<string, string>, name: string, timeoutMs = 600_000) {
  const { sfn } = scanClients(env);
  const { executionArn } = await sfn.send(
    new StartExecutionCommand({ stateMachineArn: env.CRAWL_STATE_MACHINE_ARN, name, input: "{}" }),
  );
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await sfn.send(new DescribeExecutionCommand({ executionArn }));
    if (run.status !== "RUNNING") return { run, executionArn: executionArn ?? "" };
    if (Date.now() > deadline) throw new Error(`crawl ${name} still running after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startScan(env: Record<string, string>, userId: string, scanId: string) {
  const { sfn } = scanClients(env);
  const out = await sfn.send(
    new StartExecutionCommand({
      stateMachineArn: env.SCAN_STATE_MACHINE_ARN,
      name: `${scanId}-${Date.now()}`,
      input: JSON.stringify({ userId, scanId, trigger: "force" }),
    }),
  );
  return out.executionArn ?? "";
}

export async function stopScan(env: Record<string, string>, executionArn: string) {
  await scanClients(env).sfn.send(new StopExecutionCommand({ executionArn, cause: "killed mid-way by the test" }));
}

export async function waitForScan(env: Record<string, string>, executionArn: string, timeoutMs = 600_000) {
  const { sfn } = scanClients(env);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const d = await sfn.send(new DescribeExecutionCommand({ executionArn }));
    if (d.status !== "RUNNING") return d;
    // A short poll: bench:scan's wall time ends here, and a coarse one added up to its interval.
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Scan ${executionArn} still running after ${timeoutMs} ms`);
}

/** Threats split into planted matches and false threats, by the media they rest on. */
export async function scoreThreats(world: ScanWorld, userId: string, scenario: ScenarioReport) {
  const { planted, avatars } = await plantedMedia(world, scenario);
  const threats = await scanClients(world.env).threats.list(userId);
  const mediaOf = (sha: string) => sha.split(":")[0] ?? sha;
  // The same picture at another size is one threat with a further sighting (threat-recorder), so a
  // planted file counts as found when a threat holds it or a near-duplicate of it.
  const holds = (t: (typeof threats)[number], hash: string, perceptual?: string) =>
    mediaOf(t.mediaSha256) === hash ||
    (perceptual !== undefined &&
      t.perceptualHash !== undefined &&
      hammingHex(t.perceptualHash, perceptual) <= NEAR_DUPLICATE_MAX_BITS);
  const found = new Set(
    [...planted].filter(([hash, p]) => threats.some((t) => holds(t, hash, p.perceptualHash))).map(([hash]) => hash),
  );
  const falseThreats = threats.filter(
    (t) => !planted.has(mediaOf(t.mediaSha256)) && !avatars.has(mediaOf(t.mediaSha256)),
  );
  const missed = [...planted].filter(([hash]) => !found.has(hash)).map(([, where]) => where);
  return { threats, planted: planted.size, found: found.size, falseThreats, missed };
}
