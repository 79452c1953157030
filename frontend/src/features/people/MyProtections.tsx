import { Withdrawal } from "@lg/domain/people/web-contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiJson } from "../../api/client";
import { serverMessage } from "../../api/errors";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { toast } from "../../ui/toast-store";
import { TOLD_AT_ONCE, useDestructiveProof } from "../settings/destructive-proof";
import { standingBadgeClass, standingLabel } from "./person-standing";
import { MY_PROTECTIONS_KEY, PEOPLE_LIST_KEY } from "./queries";
import type { MyProtection } from "./types";

/** The accounts that protect the signed-in person by their invitation, and their way out. */
export function MyProtections({ protections }: { protections: MyProtection[] }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const factors = useDestructiveProof("withdraw");
  const withdraw = useMutation({
    mutationFn: () => apiJson("POST", "/api/people/me/withdraw", factors.proof, Withdrawal),
    onSuccess: (out) => {
      setConfirming(false);
      toast({
        title: "Protection withdrawn",
        description: `Deleted ${out.deleted.samples} biometric ${out.deleted.samples === 1 ? "sample" : "samples"} and withdrew your consent; no scan includes you any more.`,
      });
      void queryClient.invalidateQueries({ queryKey: MY_PROTECTIONS_KEY });
      void queryClient.invalidateQueries({ queryKey: PEOPLE_LIST_KEY });
      void queryClient.invalidateQueries({ queryKey: ["/api/consent"] });
    },
    onError: (e) => {
      setConfirming(false);
      toast({ title: "Not withdrawn", description: serverMessage(e), variant: "destructive" });
    },
  });
  const active = protections.filter((p) => p.standing.state !== "withdrawn");

  return (
    <section className="panel" aria-labelledby="protected-by-heading">
      <h2 id="protected-by-heading" className="panel-title">
        Accounts protecting you
      </h2>
      <ul className="threat-list" aria-label="Accounts protecting you">
        {protections.map((p) => (
          <li key={`${p.accountName}-${p.personId}`} className="threat-row">
            <strong>{p.accountName}</strong>{" "}
            <span className={standingBadgeClass(p.standing)}>{standingLabel(p.standing)}</span>
          </li>
        ))}
      </ul>
      <p className="muted">
        Your consent, photos, recording and face and voice data are yours: the account sees only where you stand and the
        threats found. Settings → Data Management shows and deletes your biometric data at any time.
      </p>
      {active.length > 0 ? (
        <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
          Withdraw and Delete My Biometric Data
        </button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Withdraw from protection?"
        message={`Your face and voice samples are deleted and your biometric consent withdrawn at once; no scan of any account looks for you from now on. To be protected again you need a new invitation. Enter your current password to confirm. ${TOLD_AT_ONCE}`}
        confirmLabel="Withdraw"
        pending={withdraw.isPending}
        blockedReason={factors.missing}
        onConfirm={() => withdraw.mutate()}
        onCancel={() => {
          factors.reset();
          setConfirming(false);
        }}
      >
        {factors.fields}
      </ConfirmDialog>
    </section>
  );
}
