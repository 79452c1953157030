import { DemoService } from "@lg/domain/demo/demo-service";
import { Threat } from "@lg/domain/threats/web-contract";
import { describe, expect, it } from "vitest";

describe("demo scan", () => {
  it("stamps every demo threat with when the demo scan ended, from the clock, not a constant", async () => {
    // The clock moves on while each demo item is analysed: the stamp is the scan's end.
    let clock = Date.parse("2026-11-22T09:00:00.000Z");
    const demo = new DemoService({
      media: { read: async () => new Uint8Array([1, 2, 3]) },
      enroller: {
        faceDescriptor: async () => new Float32Array(128),
        voiceEmbedding: async () => new Float32Array(192),
      },
      analyser: {
        analyse: async (media) => {
          clock += 60_000;
          return {
            contentType: media.contentType,
            face: { personId: "demo-persona", confidence: 93 },
            voice: null,
            syntheticScore: 0.8,
            syntheticSignals: [],
            result: {},
          };
        },
      },
      profiles: { put: async () => undefined },
      renderPreview: async (picture) => picture,
      renderThumbnail: async (picture) => picture,
      now: () => new Date(clock),
    });

    const threats = (await demo.threatsFor("personal")) as { scannedAt?: string }[];

    expect(threats.length).toBeGreaterThan(0);
    expect(new Set(threats.map((t) => t.scannedAt))).toEqual(new Set([new Date(clock).toISOString()]));
    // GET /api/demo/threats answers these: the web contract's threats (CI run 17b found a verdict string there).
    expect(Threat.array().safeParse(threats).error?.issues ?? []).toEqual([]);
  });
});
