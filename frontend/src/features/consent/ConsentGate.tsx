import { Consent } from "@lg/domain/biometrics/web-contract";
import type { GiveConsentBody } from "@lg/domain/biometrics/web-requests";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { apiJson, getChecked } from "../../api/client";
import { serverMessage } from "../../api/errors";
import { LoadFailed } from "../../ui/LoadFailed";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast-store";

export const CONSENT_KEY = ["/api/consent"] as const;
export const consentQuery = (enabled: boolean) =>
  queryOptions({ queryKey: CONSENT_KEY, queryFn: getChecked(Consent), enabled });

/**
 * Shows the plain-language biometric consent before any face or voice is taken, when the server
 * requires it. One click gives it: the button says what it agrees to (a tick box before it only
 * added a click, issue 36 item 16).
 */
export function ConsentGate({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const queryClient = useQueryClient();
  const consent = useQuery(consentQuery(enabled));
  const give = useMutation({
    mutationFn: (version: string) =>
      apiJson("POST", "/api/consent", { version, agree: true } satisfies GiveConsentBody, Consent),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONSENT_KEY }),
    onError: (error) =>
      toast({ title: "Consent not saved", description: serverMessage(error), variant: "destructive" }),
  });

  if (!enabled) return <>{children}</>;
  if (consent.isLoading) return <Spinner label="Loading consent…" />;
  if (consent.isError || !consent.data) {
    return <LoadFailed what="The biometric consent" error={consent.error} onRetry={() => void consent.refetch()} />;
  }
  if (!consent.data.required) return <>{children}</>;

  return (
    <section aria-labelledby="consent-heading">
      <h2 id="consent-heading">Your consent to biometric processing</h2>
      <label htmlFor="consent-text" className="visually-hidden">
        Consent text
      </label>
      <textarea id="consent-text" className="consent-text" readOnly rows={12} value={consent.data.text} />
      <p id="consent-agreement" style={{ marginTop: "1rem" }}>
        By clicking I Agree you say: I have read this and agree to the processing of my face and voice as described.
      </p>
      <button
        type="button"
        className="btn btn-primary"
        aria-describedby="consent-agreement"
        disabled={give.isPending}
        onClick={() => consent.data && give.mutate(consent.data.version)}
      >
        {give.isPending ? "Saving..." : "I Agree"}
      </button>
    </section>
  );
}
