import type { PeopleList, PersonStanding, ProtectedPerson } from "./types";

/** The words for where a person stands, true to what the server reported and nothing more. */
export function standingLabel(standing: PersonStanding): string {
  switch (standing.state) {
    case "invited":
      if (standing.invitationExpired) return "Invitation expired";
      return standing.awaiting === "consent" ? "Accepted, consent pending" : "Invited";
    case "consented":
      return "Consented, not enrolled";
    case "enrolled":
      return "Enrolled";
    case "withdrawn":
      return "Withdrawn";
  }
}

export function standingExplanation(person: Pick<ProtectedPerson, "standing" | "enrolled">): string {
  const { standing } = person;
  switch (standing.state) {
    case "invited":
      if (standing.invitationExpired)
        return "The link expired before it was used. Invite them again to send a new one.";
      return standing.awaiting === "consent"
        ? "They accepted but have not given their biometric consent: nothing of theirs is stored and no scan includes them."
        : "Waiting for them to open the link. No biometric data of theirs is stored and no scan includes them.";
    case "consented":
      return "They consented but have not enrolled a face or voice yet, so scans cannot look for them.";
    case "enrolled": {
      const parts = [person.enrolled.face ? "face" : null, person.enrolled.voice ? "voice" : null].filter(Boolean);
      return `Scans of this account look for their ${parts.join(" and ")}.`;
    }
    case "withdrawn":
      return "They withdrew: their biometric data was deleted and no scan includes them.";
  }
}

export const standingBadgeClass = (standing: PersonStanding) =>
  standing.state === "enrolled" ? "badge badge-on" : standing.state === "withdrawn" ? "badge badge-secondary" : "badge";

/** "2 of 5 people", or "3 people (set by contract)" where the plan sets no number. */
/**
 * Why no one more can be invited, before any form is filled (issue 36 item 14); null while a place
 * is free or the number is set by contract.
 */
export function planFullMessage(limit: PeopleList["limit"]): string | null {
  if (limit.maxProtectedPeople === null || limit.used < limit.maxProtectedPeople) return null;
  const plan = limit.tier.charAt(0).toUpperCase() + limit.tier.slice(1);
  const places = `${limit.maxProtectedPeople} ${limit.maxProtectedPeople === 1 ? "person" : "people"}`;
  // Enterprise is paid for per person: more places are bought on the same plan, not another one.
  const more =
    limit.tier === "enterprise"
      ? "Add people to your subscription with Manage billing in Settings."
      : "Enterprise protects several people under one account.";
  return `Your ${plan} plan protects ${places}${limit.ownerCounted ? ", you included" : ""}, and every place is taken, so no one more can be invited. ${more}`;
}

export function placesLabel(limit: { maxProtectedPeople: number | null; used: number; ownerCounted: boolean }): string {
  const people = (n: number) => `${n} ${n === 1 ? "person" : "people"}`;
  const owner = limit.ownerCounted ? ", you included" : "";
  return limit.maxProtectedPeople === null
    ? `${people(limit.used)} protected${owner}; your plan's number of people is set by contract`
    : `${limit.used} of ${people(limit.maxProtectedPeople)} protected${owner}`;
}
