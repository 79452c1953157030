/** GET /api/people, GET /api/people/me and the invitation answers: the web contract's types (packages/domain/src/people/web-contract.ts). */
export type {
  AcceptedInvitation,
  InvitationPreview,
  MyProtection,
  PeopleList,
  PersonStanding,
  PersonState,
  ProtectedPerson,
  Withdrawal,
} from "@lg/domain/people/web-contract";
