import { DemoService } from "@lg/domain/demo/demo-service";
import { DomainError } from "@lg/domain/errors";
import { describe, expect, it } from "vitest";

/** A demo whose every item matches the persona's face, as the real analyser does for the demo media. */
function demoService() {
  return new DemoService({
    media: { read: async () => new Uint8Array([1, 2, 3]) },
    enroller: {
      faceDescriptor: async () => new Float32Array(128),
      voiceEmbedding: async () => new Float32Array(192),
    },
    analyser: {
      analyse: async (media) => ({
        contentType: media.contentType,
        face: { personId: "demo-persona", confidence: 93 },
        voice: null,
        syntheticScore: 0.8,
        syntheticSignals: [],
        result: {},
      }),
    },
    profiles: { put: async () => undefined },
    renderPreview: async (picture) => picture,
    renderThumbnail: async (picture) => picture,
    now: () => new Date("2026-11-23T10:00:00Z"),
  });
}

describe("demo takedown notice", () => {
  it("is the real generator's notice for a demo threat, signed as that tier's persona", async () => {
    const demo = demoService();
    const [threat] = (await demo.threatsFor("professional")) as { id: string; url: string }[];
    const notice = await demo.notice(threat?.id ?? "");
    expect(notice).toMatchObject({ demo: true, threatId: threat?.id });
    expect(notice.requestContent).toContain("Jordan Blake");
    expect(notice.requestContent).toContain(threat?.url);
    expect(notice.requestContent).toContain(`Reference: LikenessGuard threat ${threat?.id}`);
    expect(notice.reason.length).toBeGreaterThan(0);
  });

  it("is not-found for an id the demo does not have", async () => {
    const error = await demoService()
      .notice("demo_personal_999")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe("not-found");
  });
});
