import { useQuery } from "@tanstack/react-query";
import { useCurrentFactors } from "./CurrentFactorsFields";
import { mfaQuery } from "./security-queries";

/**
 * The fresh proof an export of biometrics or an erasure asks for (a stolen session alone cannot):
 * the current password, and the authenticator app's current code once the account has one.
 */
export function useDestructiveProof(idPrefix: string) {
  const mfa = useQuery(mfaQuery);
  return useCurrentFactors(idPrefix, Boolean(mfa.data?.enabled));
}

/** What the dialog says under its fields: the owner hears of it, on every contact. */
export const TOLD_AT_ONCE = "We email (or text) you about it at once.";
