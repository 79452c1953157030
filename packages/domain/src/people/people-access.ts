/**
 * Who may manage an account's protected people. For now every account is its owner's (the account
 * id is the owner's user id); team roles (issue 18) extend `canManagePeople`, nothing else decides it.
 */
export interface AccountRef {
  accountId: string;
  ownerUserId: string;
}

export interface AccountActor {
  userId: string;
}

export const accountOwnedBy = (userId: string): AccountRef => ({ accountId: userId, ownerUserId: userId });

export function canManagePeople(account: AccountRef, user: AccountActor): boolean {
  return user.userId === account.ownerUserId;
}
