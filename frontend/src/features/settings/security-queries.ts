import { ContactDetails, MfaStatus } from "@lg/domain/accounts/web-contract";
import { queryOptions } from "@tanstack/react-query";
import { getChecked } from "../../api/client";

export const MFA_KEY = ["/api/auth/mfa"] as const;
export const CONTACT_KEY = ["/api/auth/contact"] as const;

/** Whether the account's sign-in asks for an authenticator app's code. */
export const mfaQuery = queryOptions({ queryKey: MFA_KEY, queryFn: getChecked(MfaStatus) });
/** The addresses the account's codes and notices go to. */
export const contactQuery = queryOptions({ queryKey: CONTACT_KEY, queryFn: getChecked(ContactDetails) });
