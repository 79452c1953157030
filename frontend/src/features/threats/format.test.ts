import { describe, expect, it } from "vitest";
import { confidenceClass, relativeTime } from "./format";

const NOW = Date.parse("2026-01-10T12:00:00Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe("threat formatting", () => {
  it("says 'Just now' under a minute, then minutes, hours and days", () => {
    expect(relativeTime(ago(59_000), NOW)).toBe("Just now");
    expect(relativeTime(ago(5 * 60_000), NOW)).toBe("5 minutes ago");
    expect(relativeTime(ago(60 * 60_000), NOW)).toBe("1 hour ago");
    expect(relativeTime(ago(25 * 60 * 60_000), NOW)).toBe("1 day ago");
  });

  it("colours confidence red from 90, yellow from 70, blue below", () => {
    expect(confidenceClass(90)).toBe("confidence-high");
    expect(confidenceClass(70)).toBe("confidence-medium");
    expect(confidenceClass(69.9)).toBe("confidence-low");
  });
});
