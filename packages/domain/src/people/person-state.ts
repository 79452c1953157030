/**
 * Where a protected person stands, from facts the account never sees the biometrics behind: whether
 * they accepted, whether their own consent is current, whether anything of theirs is enrolled.
 */
export type PersonState = "invited" | "consented" | "enrolled" | "withdrawn";

export interface PersonFacts {
  acceptedAt?: string;
  /** The person ended this protection (or the admin removed them). */
  withdrawnAt?: string;
  invitationExpiresAt?: string;
  /** False once the invitee's own account is gone. */
  memberExists: boolean;
  consentCurrent: boolean;
  /** The latest time the invitee withdrew a consent (deleting their biometrics does). */
  consentWithdrawnAt?: string;
  enrolled: { face: boolean; voice: boolean };
}

export interface PersonStanding {
  state: PersonState;
  /** What the person still has to do, while invited. */
  awaiting?: "acceptance" | "consent";
  invitationExpired: boolean;
  /** Whether the account's scans search for this person's likeness. */
  scanned: boolean;
}

export function personStanding(facts: PersonFacts, now: Date): PersonStanding {
  const invitationExpired =
    !facts.acceptedAt &&
    facts.invitationExpiresAt !== undefined &&
    Date.parse(facts.invitationExpiresAt) <= now.getTime();
  const standing = (state: PersonState, awaiting?: PersonStanding["awaiting"]): PersonStanding => ({
    state,
    ...(awaiting ? { awaiting } : {}),
    invitationExpired,
    scanned: state === "enrolled",
  });
  if (facts.withdrawnAt) return standing("withdrawn");
  if (!facts.acceptedAt) return standing("invited", "acceptance");
  if (!facts.memberExists) return standing("withdrawn");
  if (facts.consentCurrent) return standing(facts.enrolled.face || facts.enrolled.voice ? "enrolled" : "consented");
  // A consent withdrawn after accepting (biometrics deleted) ends protection until they consent again.
  if (facts.consentWithdrawnAt && facts.consentWithdrawnAt >= facts.acceptedAt) return standing("withdrawn");
  return standing("invited", "consent");
}

/** Counts against the plan's protected people: everyone but the withdrawn and the never-accepted expired. */
export const occupiesPlace = (standing: PersonStanding) =>
  standing.state !== "withdrawn" && !(standing.state === "invited" && standing.invitationExpired);
