import type { PeopleList, ProtectedPerson } from "@lg/domain/people/web-contract";

/** A protected person as GET /api/people answers it (the web contract's ProtectedPerson): invited, not yet accepted. */
export const protectedPerson = (overrides: Partial<ProtectedPerson>): ProtectedPerson => ({
  personId: "p_1",
  displayName: "Carol Chief",
  contact: { channel: "email", address: "carol@example.com" },
  invitedAt: "2026-11-20T10:00:00.000Z",
  standing: { state: "invited", awaiting: "acceptance", invitationExpired: false, scanned: false },
  enrolled: { face: false, voice: false },
  threats: { total: 0, active: 0 },
  notices: 0,
  ...overrides,
});

/** GET /api/people's answer: these people on an Enterprise plan without a limit, unless told otherwise. */
export const peopleList = (people: ProtectedPerson[], limit: Partial<PeopleList["limit"]> = {}): PeopleList => ({
  people,
  limit: { tier: "enterprise", maxProtectedPeople: null, used: people.length, ownerCounted: false, ...limit },
});
