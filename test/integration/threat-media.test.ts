import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { S3Client } from "@aws-sdk/client-s3";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { resolveMediaTool } from "@lg/detection/media/ffmpeg";
import { S3EvidenceStore } from "@lg/domain/scanning/adapters/s3-evidence";
import { writeEvidencePackage } from "@lg/domain/scanning/evidence";
import { DynamoThreatRepository } from "@lg/domain/threats/adapters/dynamo-threats";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { clientConfig } from "./local-clients.js";
import { plantThreat } from "./planted-threat.js";
import { type SignedUpPerson, signUp } from "./signed-up-person.js";

const stack = inject("localStack");
const doc = DynamoDBDocumentClient.from(new DynamoDBClient(clientConfig(stack.env, "AWS_ENDPOINT_URL_DYNAMODB")));
const threats = new DynamoThreatRepository(doc, stack.env.TABLE_NAME ?? "");
const evidence = new S3EvidenceStore(
  new S3Client(clientConfig(stack.env, "AWS_ENDPOINT_URL_S3")),
  stack.env.EVIDENCE_BUCKET ?? "",
);

const get = (url: string, cookie: string) => fetch(`${stack.url}${url}`, { headers: { cookie } });

/** A 3-second test-pattern video, made here so the frames are real ones ffmpeg can seek to. */
async function testVideo(): Promise<Uint8Array> {
  const ffmpeg = resolveMediaTool("ffmpeg");
  if (!ffmpeg) throw new Error("ffmpeg is needed for this test");
  const dir = await mkdtemp(path.join(tmpdir(), "lg-video-"));
  const file = path.join(dir, "clip.mp4");
  try {
    await promisify(execFile)(ffmpeg.path, [
      "-loglevel",
      "error",
      "-f",
      "lavfi",
      "-i",
      "testsrc=duration=3:size=160x120:rate=10",
      "-pix_fmt",
      "yuv420p",
      "-movflags",
      "+faststart",
      file,
    ]);
    return new Uint8Array(await readFile(file));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A mono 16-bit WAV of silence: the route serves the bytes as stored, whatever they sound like. */
function testWav(seconds: number): Uint8Array {
  const rate = 8000;
  const data = rate * seconds * 2;
  const wav = Buffer.alloc(44 + data);
  wav.write("RIFF", 0);
  wav.writeUInt32LE(36 + data, 4);
  wav.write("WAVEfmt ", 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36);
  wav.writeUInt32LE(data, 40);
  return new Uint8Array(wav);
}

async function plantWithEvidence(
  owner: SignedUpPerson,
  id: string,
  media: { bytes: Uint8Array; contentType: string },
  detection: unknown,
  overrides: Record<string, unknown>,
) {
  const at = new Date().toISOString();
  const pkg = await writeEvidencePackage(evidence, {
    userId: owner.userId,
    media: { ...media, url: `https://www.reddit.com/media/${id}` },
    page: { url: `https://www.reddit.com/r/pics/comments/${id}/`, platform: "reddit" },
    detection,
    capturedAt: at,
  });
  await plantThreat(threats, owner.userId, id, {
    contentType: media.contentType,
    mediaSha256: pkg.manifest.mediaSha256,
    evidenceData: { hash: pkg.hash, manifestKey: pkg.manifestKey, capturedAt: at },
    ...overrides,
  });
}

let owner: SignedUpPerson;
let stranger: SignedUpPerson;
const suffix = Date.now().toString(36);
const videoId = `thr_video_${suffix}`;
const voiceId = `thr_voice_${suffix}`;
const wav = testWav(2);

beforeAll(async () => {
  [owner, stranger] = await Promise.all([signUp(stack.url, "media-owner"), signUp(stack.url, "media-stranger")]);
  const face = (timeSeconds: number, confidence: number) => ({
    timeSeconds,
    match: { personId: "self", confidence, distance: 0.3 },
  });
  await plantWithEvidence(
    owner,
    videoId,
    { bytes: await testVideo(), contentType: "video/mp4" },
    { media: { kind: "video", durationSeconds: 3 }, faces: [face(1, 92), face(2, 88)], voice: null },
    {},
  );
  await plantWithEvidence(
    owner,
    voiceId,
    { bytes: wav, contentType: "audio/wav" },
    {
      media: { kind: "audio" },
      faces: [],
      voice: { segments: [{ startS: 0.2, endS: 1.8 }], match: { personId: "self" } },
    },
    { threatType: "voice_clone", detection: { voice: { personId: "self", confidence: 93 } } },
  );
});

describe("a threat's pictures and sound, from its evidence package, for its owner only", () => {
  it("serves a video's censored verdict frames as JPEGs", async () => {
    const facts = await get(`/api/threats/${videoId}/media`, owner.cookie);
    expect(facts.status).toBe(200);
    const body = (await facts.json()) as { kind: string; frames: { index: number; timeSeconds: number }[] };
    expect(body.kind).toBe("video");
    expect(body.frames.map((f) => f.timeSeconds)).toEqual([1, 2]);
    const frame = await get(`/api/threats/${videoId}/media/frames/1`, owner.cookie);
    expect(frame.status).toBe(200);
    expect(frame.headers.get("content-type")).toBe("image/jpeg");
    const jpeg = new Uint8Array(await frame.arrayBuffer());
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
    expect((await get(`/api/threats/${videoId}/media/frames/2`, owner.cookie)).status).toBe(404);
    expect((await get(`/api/threats/${videoId}/media/audio`, owner.cookie)).status).toBe(404);
  });

  it("serves a voice threat's recording as stored, with its matched speech", async () => {
    const facts = (await (await get(`/api/threats/${voiceId}/media`, owner.cookie)).json()) as {
      audioAvailable: boolean;
      speech: unknown[];
    };
    expect(facts).toMatchObject({ audioAvailable: true, speech: [{ startS: 0.2, endS: 1.8 }] });
    const audio = await get(`/api/threats/${voiceId}/media/audio`, owner.cookie);
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toBe("audio/wav");
    expect(new Uint8Array(await audio.arrayBuffer())).toEqual(wav);
  });

  it("answers another account exactly as a threat that does not exist, and no session with 401", async () => {
    for (const route of [
      `/api/threats/${videoId}/media`,
      `/api/threats/${videoId}/media/frames/0`,
      `/api/threats/${voiceId}/media/audio`,
      `/api/threats/${videoId}/media/enrolled-photo`,
    ]) {
      const theirs = await get(route, stranger.cookie);
      expect(theirs.status, route).toBe(404);
      expect(((await theirs.json()) as { message: string }).message, route).toBe("Threat not found");
      expect((await get(route, "")).status, route).toBe(401);
    }
  });
});
