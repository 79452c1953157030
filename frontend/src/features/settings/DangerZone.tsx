import { AccountDeletion } from "@lg/domain/accounts/web-contract";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { apiJson } from "../../api/client";
import { serverMessage } from "../../api/errors";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { toast } from "../../ui/toast-store";
import { deletionSummary } from "./deletion-summary";
import { TOLD_AT_ONCE, useDestructiveProof } from "./destructive-proof";

const LEAVE_AFTER_MS = 1500;

export function DangerZone() {
  const [confirming, setConfirming] = useState(false);
  const factors = useDestructiveProof("delete-account");
  const remove = useMutation({
    mutationFn: () => apiJson("DELETE", "/api/account", factors.proof, AccountDeletion),
    onSuccess: (result) => {
      setConfirming(false);
      toast({ title: "Account deleted", description: deletionSummary(result) });
      // The session is gone with the account: a full load resets every cached query.
      setTimeout(() => {
        window.location.href = "/";
      }, LEAVE_AFTER_MS);
    },
    onError: (error) => toast({ title: "Deletion failed", description: serverMessage(error), variant: "destructive" }),
  });
  return (
    <section className="panel" aria-labelledby="danger-heading" style={{ borderColor: "var(--danger)" }}>
      <h2 id="danger-heading">Danger Zone</h2>
      <p>
        Delete Account permanently deletes your account, biometric data, threats and evidence. This cannot be undone.
      </p>
      <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
        Delete Account
      </button>
      <ConfirmDialog
        open={confirming}
        title="Delete your account?"
        message={`Everything we hold about you will be erased. This cannot be undone. Enter your current password to confirm. ${TOLD_AT_ONCE}`}
        confirmLabel="Delete Account"
        pending={remove.isPending}
        blockedReason={factors.missing}
        onConfirm={() => remove.mutate()}
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
