import { occupiesPlace, type PersonFacts, personStanding } from "@lg/domain/people/person-state";
import { describe, expect, it } from "vitest";

const now = new Date("2026-11-23T12:00:00Z");
const invited: PersonFacts = {
  memberExists: false,
  consentCurrent: false,
  enrolled: { face: false, voice: false },
  invitationExpiresAt: "2026-11-30T12:00:00Z",
};
const accepted: PersonFacts = { ...invited, memberExists: true, acceptedAt: "2026-11-23T10:00:00Z" };

describe("where a protected person stands", () => {
  it("is invited until they accept, and awaits their consent after", () => {
    expect(personStanding(invited, now)).toMatchObject({ state: "invited", awaiting: "acceptance", scanned: false });
    expect(personStanding(accepted, now)).toMatchObject({ state: "invited", awaiting: "consent", scanned: false });
  });

  it("is consented with a current consent, and scanned only once something is enrolled", () => {
    expect(personStanding({ ...accepted, consentCurrent: true }, now)).toMatchObject({
      state: "consented",
      scanned: false,
    });
    const enrolled = { ...accepted, consentCurrent: true, enrolled: { face: true, voice: false } };
    expect(personStanding(enrolled, now)).toMatchObject({ state: "enrolled", scanned: true });
  });

  it("is withdrawn once they end the protection, whatever else holds", () => {
    const ended = {
      ...accepted,
      consentCurrent: true,
      enrolled: { face: true, voice: true },
      withdrawnAt: "2026-11-23T11:00:00Z",
    };
    expect(personStanding(ended, now)).toMatchObject({ state: "withdrawn", scanned: false });
  });

  it("is withdrawn when they withdrew their consent after accepting, or deleted their account", () => {
    const consentWithdrawn = { ...accepted, consentWithdrawnAt: "2026-11-23T11:00:00Z" };
    expect(personStanding(consentWithdrawn, now).state).toBe("withdrawn");
    const earlierWithdrawal = { ...accepted, consentWithdrawnAt: "2026-11-01T11:00:00Z" };
    expect(personStanding(earlierWithdrawal, now).state).toBe("invited");
    expect(personStanding({ ...accepted, memberExists: false }, now).state).toBe("withdrawn");
  });

  it("frees its place on the plan when withdrawn or when an unaccepted invitation expired", () => {
    const expired = { ...invited, invitationExpiresAt: "2026-11-20T00:00:00Z" };
    expect(personStanding(expired, now).invitationExpired).toBe(true);
    expect(occupiesPlace(personStanding(expired, now))).toBe(false);
    expect(occupiesPlace(personStanding(invited, now))).toBe(true);
    expect(occupiesPlace(personStanding({ ...accepted, withdrawnAt: now.toISOString() }, now))).toBe(false);
    // Accepting before the expiry keeps the place however late it is now.
    const acceptedLongAgo = { ...accepted, invitationExpiresAt: "2026-11-20T00:00:00Z" };
    expect(occupiesPlace(personStanding(acceptedLongAgo, now))).toBe(true);
  });
});
