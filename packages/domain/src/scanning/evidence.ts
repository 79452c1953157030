import { createHash } from "node:crypto";

/** Write-once object storage for evidence (S3 with If-None-Match and Object Lock in AWS). */
export interface EvidenceStore {
  /** Stores the object unless the key exists; never overwrites. */
  putIfAbsent(key: string, body: Uint8Array, contentType: string): Promise<"created" | "exists">;
  get(key: string): Promise<Uint8Array | null>;
}

/**
 * Erasure of a user's evidence with their account (docs/privacy.md, "Retention"): every object and
 * every version, Object Lock GOVERNANCE retention bypassed by the one function allowed to.
 */
export interface EvidenceEraser {
  eraseAll(prefix: string): Promise<{ objects: number; objectVersions: number }>;
}

/** Everything captured for one user lives under this prefix, so it can be erased as a whole. */
export const userEvidencePrefix = (userId: string) => `evidence/${userId}/`;

export interface EvidenceInput {
  userId: string;
  media: { bytes: Uint8Array; contentType: string; url: string };
  perceptualHash?: string;
  page: { url: string; platform: string; title?: string; author?: unknown; postedAt?: string; metadata?: unknown };
  detection: unknown;
  capturedAt: string;
}

export interface EvidenceFile {
  name: string;
  key: string;
  sha256: string;
  bytes: number;
  contentType: string;
}

export interface EvidenceManifest {
  version: 1;
  capturedAt: string;
  url: string;
  platform: string;
  mediaSha256: string;
  perceptualHash?: string;
  files: EvidenceFile[];
}

export interface EvidencePackage {
  manifestKey: string;
  manifest: EvidenceManifest;
  /** SHA-256 of the manifest bytes as stored: the threat's evidenceData.hash. */
  hash: string;
}

export const sha256Hex = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "video/mp4": "mp4",
  "video/webm": "webm",
  "video/quicktime": "mov",
  "audio/wav": "wav",
  "audio/mpeg": "mp3",
  "audio/flac": "flac",
  "audio/ogg": "ogg",
  "audio/mp4": "m4a",
};

const encoder = new TextEncoder();

/** The manifest as stored: its bytes are what evidenceData.hash covers, so they are parsed, never rebuilt. */
export const decodeManifest = (bytes: Uint8Array): EvidenceManifest =>
  JSON.parse(new TextDecoder().decode(bytes)) as EvidenceManifest;

/**
 * Writes the package under a prefix derived from the user and the media hash, so a re-run of a
 * scan finds the package already there and reuses it instead of writing a second version.
 */
export async function writeEvidencePackage(store: EvidenceStore, input: EvidenceInput): Promise<EvidencePackage> {
  const mediaSha256 = sha256Hex(input.media.bytes);
  const prefix = `${userEvidencePrefix(input.userId)}${mediaSha256}`;
  const manifestKey = `${prefix}/manifest.json`;
  const existing = await store.get(manifestKey);
  if (existing) return { manifestKey, manifest: decodeManifest(existing), hash: sha256Hex(existing) };

  const ext = EXTENSIONS[input.media.contentType] ?? "bin";
  const parts: { name: string; body: Uint8Array; contentType: string }[] = [
    { name: `media.${ext}`, body: input.media.bytes, contentType: input.media.contentType },
    {
      name: "page.json",
      body: encoder.encode(
        JSON.stringify({ ...input.page, mediaUrl: input.media.url, capturedAt: input.capturedAt }, null, 2),
      ),
      contentType: "application/json",
    },
    {
      name: "detection.json",
      body: encoder.encode(JSON.stringify(input.detection, null, 2)),
      contentType: "application/json",
    },
  ];
  const files: EvidenceFile[] = [];
  for (const part of parts) {
    const key = `${prefix}/${part.name}`;
    await store.putIfAbsent(key, part.body, part.contentType);
    files.push({
      name: part.name,
      key,
      sha256: sha256Hex(part.body),
      bytes: part.body.byteLength,
      contentType: part.contentType,
    });
  }
  const manifest: EvidenceManifest = {
    version: 1,
    capturedAt: input.capturedAt,
    url: input.page.url,
    platform: input.page.platform,
    mediaSha256,
    ...(input.perceptualHash ? { perceptualHash: input.perceptualHash } : {}),
    files,
  };
  const manifestBytes = encoder.encode(JSON.stringify(manifest, null, 2));
  if ((await store.putIfAbsent(manifestKey, manifestBytes, "application/json")) === "exists") {
    // A concurrent run won the race: its manifest is the one of record.
    const winner = (await store.get(manifestKey)) ?? manifestBytes;
    return { manifestKey, manifest: decodeManifest(winner), hash: sha256Hex(winner) };
  }
  return { manifestKey, manifest, hash: sha256Hex(manifestBytes) };
}

export interface EvidenceVerification {
  intact: boolean;
  manifestHash: string | null;
  expectedHash: string;
  files: { name: string; intact: boolean; expectedSha256: string; actualSha256: string | null }[];
}

/** Re-reads every object and re-hashes it: proves the package is unchanged since capture. */
export async function verifyEvidencePackage(
  store: EvidenceStore,
  manifestKey: string,
  expectedHash: string,
): Promise<EvidenceVerification> {
  const manifestBytes = await store.get(manifestKey);
  if (!manifestBytes) return { intact: false, manifestHash: null, expectedHash, files: [] };
  const manifestHash = sha256Hex(manifestBytes);
  const manifest = decodeManifest(manifestBytes);
  const files = await Promise.all(
    manifest.files.map(async (f) => {
      const body = await store.get(f.key);
      const actualSha256 = body ? sha256Hex(body) : null;
      return { name: f.name, intact: actualSha256 === f.sha256, expectedSha256: f.sha256, actualSha256 };
    }),
  );
  return { intact: manifestHash === expectedHash && files.every((f) => f.intact), manifestHash, expectedHash, files };
}
