import { PersonAnswer } from "@lg/domain/people/web-contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiJson } from "../../api/client";
import { serverMessage } from "../../api/errors";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { toast } from "../../ui/toast-store";
import { PEOPLE_LIST_KEY } from "./queries";
import type { ProtectedPerson } from "./types";

/** Stops protecting a person, or cancels an invitation not yet accepted; their own data stays theirs. */
export function RemovePersonButton({ person }: { person: ProtectedPerson }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const accepted = Boolean(person.acceptedAt);
  const remove = useMutation({
    mutationFn: () => apiJson("DELETE", `/api/people/${encodeURIComponent(person.personId)}`, undefined, PersonAnswer),
    onSuccess: () => {
      setConfirming(false);
      toast({
        title: accepted ? "Protection stopped" : "Invitation cancelled",
        description: `No scan includes ${person.displayName} from now on.`,
      });
      void queryClient.invalidateQueries({ queryKey: PEOPLE_LIST_KEY });
    },
    onError: (e) => {
      setConfirming(false);
      toast({ title: "Nothing changed", description: serverMessage(e), variant: "destructive" });
    },
  });
  const label = accepted ? "Stop Protecting" : "Cancel Invitation";
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        aria-label={`${label}: ${person.displayName}`}
        onClick={() => setConfirming(true)}
      >
        {label}
      </button>
      <ConfirmDialog
        open={confirming}
        title={accepted ? `Stop protecting ${person.displayName}?` : `Cancel ${person.displayName}'s invitation?`}
        message={
          accepted
            ? "Scans of this account stop looking for them at once. Their consent and biometric data are theirs: they keep or delete them in their own account. To protect them again, invite them again."
            : "The link stops working at once. You can invite them again later."
        }
        confirmLabel={label}
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
