import {
  type CoverageFacts,
  coverageOf,
  emptyListLine,
  lastScanLine,
  modalityLine,
  openThreatsLine,
  registeredImagesLine,
} from "@lg/domain/accounts/coverage";
import { describe, expect, it } from "vitest";

const names: Record<string, string> = { reddit: "Reddit", youtube: "YouTube", facebook: "Facebook" };
const name = (id: string) => names[id] ?? id;
const base: CoverageFacts = {
  face: { stored: true, searched: true },
  voice: { stored: true, searched: true },
  platforms: ["facebook", "reddit", "youtube"],
  schedule: "weekly",
  lastScanAt: "2026-11-28T10:00:00Z",
  lastScanOutcome: "succeeded",
  openThreats: 0,
};

describe("coverage statement", () => {
  it("says where and how often each searched likeness is looked for", () => {
    const coverage = coverageOf(base);
    expect(modalityLine(coverage, "face", name)).toBe(
      "Your face is searched in pictures and videos on Facebook, Reddit and YouTube, every week and whenever you run a scan.",
    );
    expect(modalityLine(coverage, "voice", name)).toMatch(/^Your voice is searched in videos and audio on Facebook/);
    expect(openThreatsLine(coverage)).toBe("No open threats.");
  });

  it("never calls an uploaded, unverified face searched, and an empty list never says secure", () => {
    // The walkthrough's phone sign-up: photo uploaded, no camera, voice recorded, a clean scan.
    const coverage = coverageOf({ ...base, face: { stored: true, searched: false } });
    expect(coverage.face).toEqual({
      searched: false,
      notSearchedReason: expect.stringMatching(/stored but not searched until you verify them with the live check/),
    });
    const empty = emptyListLine(coverage, name);
    expect(empty).toMatch(/^No threats found: the latest scan looked for your voice on Facebook, Reddit and YouTube\./);
    expect(empty).toMatch(/Your face is not searched/);
    expect(empty).not.toMatch(/secure/i);
    expect(emptyListLine(coverageOf(base), name)).not.toMatch(/secure/i);
  });

  it("counts nothing as searched without a platform, and schedules nothing", () => {
    const coverage = coverageOf({ ...base, platforms: [] });
    expect(coverage).toMatchObject({ face: { searched: false }, voice: { searched: false }, schedule: null });
    expect(modalityLine(coverage, "voice")).toBe("Your voice is not searched: no platform is chosen to search.");
  });

  it("says a failed latest scan and a first scan not yet run, before anything about threats", () => {
    expect(lastScanLine(coverageOf({ ...base, lastScanOutcome: "failed" }))).toMatch(/latest scan failed/);
    const { lastScanAt: _at, lastScanOutcome: _outcome, ...never } = base;
    expect(emptyListLine(coverageOf(never))).toBe(
      "No threats found. No scan has run yet, so nothing has been checked.",
    );
  });

  it("says registered image hashes are compared by scans and the crawl, with or without a face or voice", () => {
    expect(registeredImagesLine(coverageOf(base))).toBe("");
    const one = coverageOf({ ...base, registeredImages: 1 });
    expect(registeredImagesLine(one)).toBe(
      "Your 1 registered image hash is compared with every picture and video frame your scans and the shared crawl of public sources find.",
    );
    expect(registeredImagesLine(coverageOf({ ...base, registeredImages: 1200 }))).toMatch(
      /^Your 1,200 registered image hashes are/,
    );
    // Hashes alone are searched for: an empty list says so rather than "nothing of yours is searched".
    const hashesOnly = coverageOf({
      ...base,
      face: { stored: false, searched: false },
      voice: { stored: false, searched: false },
      registeredImages: 3,
    });
    expect(emptyListLine(hashesOnly, name)).toMatch(
      /^No threats found: the latest scan looked for your registered images on Facebook, Reddit and YouTube\. Your face is not searched: no face is enrolled\.$/,
    );
    expect(emptyListLine(coverageOf({ ...base, registeredImages: 3 }), name)).toMatch(
      /looked for your face, voice and registered images on/,
    );
    expect(emptyListLine(coverageOf({ ...base, platforms: [], registeredImages: 3 }), name)).toMatch(
      /the shared crawl compares what it reads of public sources with your registered images/,
    );
  });

  it("names a capture held for review as the reason the face is not searched", () => {
    const coverage = coverageOf({ ...base, face: { stored: true, searched: false, heldForReview: true } });
    expect(coverage.face.notSearchedReason).toMatch(/held for review/);
    expect(openThreatsLine({ ...coverage, openThreats: 2 })).toBe("2 open threats to review.");
  });
});
