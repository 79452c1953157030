/**
 * Who may manage an account's protected people. The account id is its owner's user id; team
 * members act on it with a role (packages/domain/src/team/policy.ts, where people are the owner's).
 * The route guard checks each route's permission first; the service checks again here, so a
 * handler wired to the wrong rule still cannot invite into someone else's account.
 */
export interface AccountRef {
  accountId: string;
  ownerUserId: string;
}

export interface AccountActor {
  userId: string;
  /** The account the request acts on: the caller's own, or the team's they joined. */
  accountId: string;
  role: "owner" | "admin" | "analyst";
}

export const accountOf = (actor: AccountActor): AccountRef => ({
  accountId: actor.accountId,
  ownerUserId: actor.accountId,
});

/** Inviting people means asking them for their biometrics in the account's name: the owner's call. */
export function canManagePeople(account: AccountRef, user: AccountActor): boolean {
  return user.accountId === account.accountId && user.role === "owner" && user.userId === account.ownerUserId;
}

/** Where each person stands and their threats: anyone on the account (the route guard checks the role). */
export function canSeePeople(account: AccountRef, user: AccountActor): boolean {
  return user.accountId === account.accountId;
}
