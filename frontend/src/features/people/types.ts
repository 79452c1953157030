/** GET /api/people, GET /api/people/me and the invitation answers, as the server sends them. */
export type PersonState = "invited" | "consented" | "enrolled" | "withdrawn";

export interface PersonStanding {
  state: PersonState;
  awaiting?: "acceptance" | "consent";
  invitationExpired: boolean;
  scanned: boolean;
}

export interface ProtectedPerson {
  personId: string;
  displayName: string;
  contact?: { channel: "email" | "sms"; address: string };
  invitedAt: string;
  invitationExpiresAt?: string;
  acceptedAt?: string;
  withdrawnAt?: string;
  standing: PersonStanding;
  enrolled: { face: boolean; voice: boolean };
  threats: { total: number; active: number };
  /** Takedown notices about their threats. */
  notices: number;
}

export interface PeopleList {
  people: ProtectedPerson[];
  limit: {
    tier: "personal" | "professional" | "enterprise";
    maxProtectedPeople: number | null;
    used: number;
    ownerCounted: boolean;
  };
}

export interface MyProtection {
  accountName: string;
  personId: string;
  acceptedAt: string;
  withdrawnAt?: string;
  standing: PersonStanding;
}

export interface InvitationPreview {
  accountName: string;
  displayName: string;
  expiresAt?: string;
}

export interface AcceptedInvitation {
  accountName: string;
  personId: string;
  consentRequired: boolean;
}
