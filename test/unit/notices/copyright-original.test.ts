import { claimableOriginals, composeNotice, defaultRecipientDirectory, reproducesOriginal } from "@lg/notices";
import { describe, expect, it } from "vitest";
import { noticeInput } from "./fixtures.js";
import { clonedVoice, genuineRecording, genuineReupload } from "./fixtures-evidence.js";

// A clone found on Discord (the voice countermeasure calls it synthetic), and a genuine re-post of a photo.
const voiceClone = clonedVoice({ platform: "discord", perceptualHash: undefined });
const repost = genuineReupload();
const repostedRecording = genuineRecording({ platform: "discord", perceptualHash: undefined });

const recording = { sampleId: "voice-1", modality: "voice" as const, createdAt: "2026-10-02T00:00:00.000Z" };
const photo = { sampleId: "face-1", modality: "face" as const, createdAt: "2026-10-01T00:00:00.000Z" };

/** Flips the lowest `bits` bits of a 64-bit hex hash. */
const flipped = (hash: string, bits: number) =>
  (BigInt(`0x${hash}`) ^ ((1n << BigInt(bits)) - 1n)).toString(16).padStart(16, "0");

describe("a copyright claim is offered only for a copy of the person's own file", () => {
  it("offers no original for a cloned voice, even one whose enrolled recording hashes alike: a synthesized voice copies no file", () => {
    const sameBytes = { ...recording, mediaSha256: voiceClone.mediaSha256 };
    expect(claimableOriginals(voiceClone, [recording, sameBytes])).toEqual([]);
    // A genuine recording re-posted as the same file is the person's own recording: that one can be claimed.
    expect(claimableOriginals(repostedRecording, [recording, sameBytes])).toEqual([
      { ...sameBytes, match: "same-file" },
    ]);
  });

  it("defaults a cloned voice's notice to the platform's impersonation channel on right of publicity, never a DMCA claim", () => {
    const notice = composeNotice(
      noticeInput({ threat: voiceClone, copyrightClaim: undefined, confirmations: {} }),
      defaultRecipientDirectory(),
    );
    expect(notice.route).toBe("platform_report");
    expect(notice.decision.reason).toContain("ELVIS Act");
    expect(notice.text).toContain("a synthetic imitation of my voice");
    expect(notice.text).toContain("right-of-publicity");
    expect(notice.text).toContain("Tennessee's ELVIS Act (2024)");
    expect(notice.text).not.toContain("17 U.S.C.");
    expect(notice.text).not.toContain("derived from");
    // NO FAKES is a bill, not a law any notice can rest on.
    expect(notice.text).not.toContain("NO FAKES");
  });

  it("offers the enrolled photo a re-post is the same file as, or a near-duplicate of within the scan's 6 bits, and no other", () => {
    const phash = repost.perceptualHash ?? "";
    const sameFile = { ...photo, mediaSha256: repost.mediaSha256 };
    const resized = { ...photo, sampleId: "face-2", perceptualHash: flipped(phash, 6) };
    const otherPicture = { ...photo, sampleId: "face-3", perceptualHash: flipped(phash, 7) };
    const unhashed = { ...photo, sampleId: "face-4" };
    expect(claimableOriginals(repost, [sameFile, resized, otherPicture, unhashed])).toEqual([
      { ...sameFile, match: "same-file" },
      { ...resized, match: "near-duplicate" },
    ]);
    expect(reproducesOriginal(repost, otherPicture)).toBeUndefined();
  });

  it("says in the DMCA notice how the media copies the original, never that it is derived from it", () => {
    const notice = composeNotice(
      noticeInput({ threat: repost, copyrightClaim: { ...noticeInput().copyrightClaim!, match: "near-duplicate" } }),
      defaultRecipientDirectory(),
    );
    expect(notice.route).toBe("dmca");
    expect(notice.elements.work).toContain(
      "reproduces it: the same picture, resized or re-encoded, by its perceptual hash",
    );
    expect(notice.text).not.toContain("derived from");
  });
});
