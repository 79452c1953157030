import { EVIDENCE_MEDIA_URL_SECONDS, evidenceMedia } from "@lg/domain/integrations/evidence-media";
import { writeEvidencePackage } from "@lg/domain/scanning/evidence";
import type { ThreatRecord } from "@lg/domain/threats/threat-ports";
import { describe, expect, it } from "vitest";
import { MemoryEvidenceStore } from "../accounts/fakes.js";

const NOW = new Date("2026-11-29T10:00:00.000Z");
const signed: { key: string; seconds: number }[] = [];
const links = {
  presignGet: async (key: string, seconds: number) => {
    signed.push({ key, seconds });
    return `https://evidence.example/${key}?X-Amz-Expires=${seconds}`;
  },
};

async function capturedThreat(threatType: ThreatRecord["threatType"]) {
  const evidence = new MemoryEvidenceStore();
  const bytes = new TextEncoder().encode("captured picture");
  const pkg = await writeEvidencePackage(evidence, {
    userId: "acct-a",
    media: { bytes, contentType: "image/jpeg", url: "https://i.example/p.jpg" },
    page: { url: "https://example.com/post", platform: "reddit" },
    detection: {},
    capturedAt: NOW.toISOString(),
  });
  const threat = {
    id: "t1",
    userId: "acct-a",
    threatType,
    evidenceData: { hash: pkg.hash, manifestKey: pkg.manifestKey, capturedAt: NOW.toISOString() },
  } as ThreatRecord;
  return { evidence, threat, media: pkg.manifest.files.find((f) => f.name.startsWith("media.")) };
}

describe("a threat's media for the public API", () => {
  it("is a link to the captured file that works for a few minutes, with the file's hash", async () => {
    const { evidence, threat, media } = await capturedThreat("deepfake");
    const linked = await evidenceMedia(threat, { evidence, links, now: () => NOW });
    expect(linked).toEqual({
      media: {
        url: `https://evidence.example/${media?.key}?X-Amz-Expires=${EVIDENCE_MEDIA_URL_SECONDS}`,
        contentType: "image/jpeg",
        bytes: "captured picture".length,
        sha256: media?.sha256,
        expiresAt: "2026-11-29T10:05:00.000Z",
      },
    });
    expect(EVIDENCE_MEDIA_URL_SECONDS).toBeLessThanOrEqual(600);
  });

  it("is withheld for intimate imagery, and for a package without a media file, saying why", async () => {
    signed.length = 0;
    const { evidence, threat } = await capturedThreat("intimate_imagery");
    expect(await evidenceMedia(threat, { evidence, links, now: () => NOW })).toEqual({
      media: null,
      withheld: expect.stringMatching(/Intimate imagery/),
    });
    const bare = { ...threat, threatType: "deepfake", evidenceData: undefined } as ThreatRecord;
    expect(await evidenceMedia(bare, { evidence, links, now: () => NOW })).toMatchObject({ media: null });
    expect(signed).toEqual([]);
  });
});
