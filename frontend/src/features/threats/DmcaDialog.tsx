import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiJson } from "../../api/client";
import { serverMessage } from "../../api/errors";
import type { DmcaDraft, Threat } from "../../api/types";
import { Dialog } from "../../ui/Dialog";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast-store";
import { downloadText } from "./download-text";
import { noticeName } from "./notice-route";
import { THREATS_KEY } from "./queries";

interface DmcaDialogProps {
  open: boolean;
  threat: Threat | null;
  onClose: () => void;
}

/** Generates a notice on open; sending needs every fact the person must confirm to be ticked. */
export function DmcaDialog({ open, threat, onClose }: DmcaDialogProps) {
  const queryClient = useQueryClient();
  const [confirmed, setConfirmed] = useState<string[]>([]);
  const generate = useMutation({
    mutationFn: (threatId: string) => apiJson<DmcaDraft>("POST", "/api/dmca", { threatId }),
    onSuccess: (draft) => toast({ title: `${noticeName(draft.route).noun} generated` }),
    onError: (error) =>
      toast({ title: "Generation failed", description: serverMessage(error), variant: "destructive" }),
  });
  const name = noticeName(generate.data?.route);
  const send = useMutation({
    mutationFn: (input: { threatId: string; confirmations: string[] }) =>
      apiJson<{ sent: boolean; recipient: string }>("POST", "/api/dmca/send", input),
    onSuccess: (result) => {
      toast({ title: `${name.noun} sent`, description: result?.recipient ? `Sent to ${result.recipient}` : undefined });
      void queryClient.invalidateQueries({ queryKey: THREATS_KEY });
      onClose();
    },
    onError: (error) => toast({ title: "Send failed", description: serverMessage(error), variant: "destructive" }),
  });

  const { mutate: generateNotice, reset: resetGenerate } = generate;
  useEffect(() => {
    if (!open) return;
    setConfirmed([]);
    resetGenerate();
    if (threat) generateNotice(threat.id);
  }, [open, threat, generateNotice, resetGenerate]);

  const draft = generate.data;
  const required = draft?.requiresConfirmation ?? [];
  const allConfirmed = required.every((fact) => confirmed.includes(fact));

  return (
    <Dialog open={open} title={name.title} onClose={onClose} wide>
      {!threat ? (
        <p>No threat selected for DMCA generation.</p>
      ) : generate.isPending ? (
        <Spinner label="Generating DMCA notice..." />
      ) : draft ? (
        <>
          {draft.recipient ? (
            <p className="small">
              <strong>Recipient:</strong> {draft.recipient}
              {draft.route ? ` (${draft.route})` : ""}
            </p>
          ) : null}
          <label htmlFor="notice-text" className="visually-hidden">
            Notice text
          </label>
          <textarea id="notice-text" className="notice-text" readOnly rows={14} value={draft.requestContent} />
          <p className="banner banner-danger small" role="note">
            Warning: a takedown notice is a legal statement made under penalty of perjury. Only send it if the facts
            below are true.
          </p>
          {required.length > 0 ? (
            <fieldset>
              <legend>Confirm before sending</legend>
              {required.map((fact) => (
                <label key={fact} className="choice">
                  <input
                    type="checkbox"
                    checked={confirmed.includes(fact)}
                    onChange={(e) =>
                      setConfirmed((c) => (e.target.checked ? [...c, fact] : c.filter((f) => f !== fact)))
                    }
                  />
                  <span>{fact}</span>
                </label>
              ))}
            </fieldset>
          ) : null}
        </>
      ) : generate.isError ? (
        <p role="alert">The notice could not be generated: {serverMessage(generate.error)}</p>
      ) : null}
      <div className="dialog-footer">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={!draft || !threat}
          onClick={() => {
            if (!draft || !threat) return;
            downloadText(`dmca-${threat.id}.txt`, draft.requestContent);
            toast({ title: `${name.noun} downloaded` });
          }}
        >
          Download Notice
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!draft || !threat || !allConfirmed || send.isPending}
          onClick={() => threat && send.mutate({ threatId: threat.id, confirmations: confirmed })}
        >
          {send.isPending ? "Sending..." : "Send Directly"}
        </button>
      </div>
    </Dialog>
  );
}
