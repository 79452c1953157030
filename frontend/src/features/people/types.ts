/** GET /api/people, GET /api/people/me and the invitation answers, as the server sends them. */
import type { PersonView } from "@lg/domain/people/people-service";
import type { PersonStanding } from "@lg/domain/people/person-state";

export type { PersonStanding, PersonState } from "@lg/domain/people/person-state";
export type ProtectedPerson = PersonView;

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
