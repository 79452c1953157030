import {
  invitationExpiry,
  invitationTokenHash,
  mintInvitationToken,
  readInvitationToken,
  tokenMatches,
} from "@lg/domain/people/invitation-token";
import { describe, expect, it } from "vitest";

describe("invitation tokens", () => {
  const accountId = "0f8fad5b-d9cb-469f-a165-70867728950e";
  const personId = "p_m0abc123def456";

  it("names the invitation it opens and is stored only as its hash", () => {
    const { token, tokenHash } = mintInvitationToken(accountId, personId);
    expect(readInvitationToken(token)).toEqual({ accountId, personId });
    expect(tokenHash).toBe(invitationTokenHash(token));
    expect(tokenHash).not.toContain(token.split("~")[2]);
    expect(tokenMatches(token, tokenHash)).toBe(true);
  });

  it("is different every time, so knowing the ids forges nothing", () => {
    const a = mintInvitationToken(accountId, personId);
    const b = mintInvitationToken(accountId, personId);
    expect(a.token).not.toBe(b.token);
    expect(tokenMatches(b.token, a.tokenHash)).toBe(false);
  });

  it("refuses a token whose secret was changed", () => {
    const { token, tokenHash } = mintInvitationToken(accountId, personId);
    const last = token.at(-1) === "A" ? "B" : "A";
    expect(tokenMatches(token.slice(0, -1) + last, tokenHash)).toBe(false);
    expect(tokenMatches(token, undefined)).toBe(false);
  });

  it("refuses a malformed token with the words of an unknown one", () => {
    const secret = "A".repeat(43);
    for (const bad of [
      "",
      "abc",
      `${accountId}~${personId}`,
      `${accountId}~${personId}~short`,
      `${accountId}.${personId}.${secret}`,
      "a~b~c~d",
    ]) {
      expect(() => readInvitationToken(bad)).toThrow(/not valid/);
    }
  });

  it("expires seven days after it was sent", () => {
    expect(invitationExpiry(new Date("2026-11-23T00:00:00Z")).toISOString()).toBe("2026-11-30T00:00:00.000Z");
  });
});
