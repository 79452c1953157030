import { DmcaDraft, RecordedFiling, SendResult } from "@lg/domain/takedowns/web-contract";
import type { GenerateNoticeRequest, RecordFilingRequest, SendNoticeRequest } from "@lg/domain/takedowns/web-requests";
import { plainReason } from "@lg/domain/threats/signal-names";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiJson } from "../../api/client";
import { serverMessage } from "../../api/errors";
import type { FormField, Threat } from "../../api/types";
import { Dialog } from "../../ui/Dialog";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast-store";
import { downloadText } from "./download-text";
import { NoticeFixStep } from "./NoticeFixStep";
import { noticeFileName } from "./notice-file-name";
import { noticeName } from "./notice-route";
import { THREATS_KEY } from "./queries";

const capitalised = (noun: string) => noun.charAt(0).toUpperCase() + noun.slice(1);

/** "a DMCA notice", "an Impersonation report": the recipient line names the notice in words, not its route id. */
function articled(noun: string): string {
  const word = /^[A-Z][a-z]/.test(noun) ? noun.charAt(0).toLowerCase() + noun.slice(1) : noun;
  return `${/^[aeiou]/i.test(word) && !/^[A-Z]{2}/.test(word) ? "an" : "a"} ${word}`;
}

interface DmcaDialogProps {
  open: boolean;
  threat: Threat | null;
  onClose: () => void;
}

interface Filing {
  noticeId: string;
  formUrl: string;
  fields: FormField[];
}

/** A web form waiting to be filed, as the threat list reported it (resumed when the dialog reopens). */
function pendingFiling(threat: Threat | null): Filing | null {
  const takedown = threat?.takedown;
  if (takedown?.state !== "filing_needed" || !takedown.formUrl) return null;
  return { noticeId: takedown.noticeId, formUrl: takedown.formUrl, fields: takedown.formFields ?? [] };
}

const dateOnly = (iso: string) => iso.slice(0, 10);

/**
 * Generates the notice on open and explains its legal basis. Sending needs every statement ticked,
 * each time. An email channel is "sent" once the server says the mail provider accepted it; a web
 * form becomes a guided filing (each field's text, a copy button, the form link, "I have filed
 * it"); where nobody can be asked (dark web) there is no Send at all.
 */
export function DmcaDialog({ open, threat, onClose }: DmcaDialogProps) {
  const queryClient = useQueryClient();
  const [confirmed, setConfirmed] = useState<string[]>([]);
  const [original, setOriginal] = useState<string>("");
  const [filing, setFiling] = useState<Filing | null>(null);
  const generate = useMutation({
    mutationFn: (input: GenerateNoticeRequest) => apiJson("POST", "/api/dmca", input, DmcaDraft),
    onSuccess: (draft) =>
      toast({ title: `${capitalised(noticeName(draft.route, threat?.threatType).noun)} generated` }),
    onError: (error) =>
      toast({ title: "Generation failed", description: serverMessage(error), variant: "destructive" }),
  });
  const name = noticeName(generate.data?.route, threat?.threatType);
  const send = useMutation({
    mutationFn: (input: SendNoticeRequest) => apiJson("POST", "/api/dmca/send", input, SendResult),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: THREATS_KEY });
      if (result?.state === "sent") {
        const sent = noticeName(result.route ?? generate.data?.route, threat?.threatType);
        toast({ title: `${capitalised(sent.noun)} sent`, description: `Sent to ${result.recipient}` });
        onClose();
        return;
      }
      if (result?.state === "filing_needed") {
        toast({
          title: "Filing needed",
          description: "Nothing was sent: this platform accepts notices only through its web form.",
        });
        setFiling({ noticeId: result.noticeId, formUrl: result.formUrl, fields: result.formFields });
      }
    },
    onError: (error) => toast({ title: "Send failed", description: serverMessage(error), variant: "destructive" }),
  });
  const filed = useMutation({
    mutationFn: (noticeId: string) =>
      apiJson("POST", "/api/dmca/filed", { noticeId } satisfies RecordFilingRequest, RecordedFiling),
    onSuccess: (result) => {
      toast({ title: "Filing recorded", description: result ? `Filed on ${dateOnly(result.filedAt)}` : undefined });
      void queryClient.invalidateQueries({ queryKey: THREATS_KEY });
      onClose();
    },
    onError: (error) =>
      toast({ title: "Could not record the filing", description: serverMessage(error), variant: "destructive" }),
  });

  const { mutate: generateNotice, reset: resetGenerate } = generate;
  useEffect(() => {
    if (!open) return;
    setConfirmed([]);
    setOriginal("");
    setFiling(pendingFiling(threat));
    resetGenerate();
    if (threat && !pendingFiling(threat)) generateNotice({ threatId: threat.id });
  }, [open, threat, generateNotice, resetGenerate]);

  const draft = generate.data;
  const required = draft?.requiresConfirmation ?? [];
  const allConfirmed = required.every((fact) => confirmed.includes(fact));
  const channel = draft?.channel;
  const claimed = draft?.copyright?.claimedSampleId;
  const claimCopyright = claimed ? { claimCopyright: { sampleId: claimed } } : {};
  const regenerate = (sampleId?: string) => {
    if (!threat) return;
    setConfirmed([]);
    generateNotice({ threatId: threat.id, ...(sampleId ? { claimCopyright: { sampleId } } : {}) });
  };

  const copy = async (field: FormField) => {
    try {
      await navigator.clipboard.writeText(field.value);
      toast({ title: `Copied: ${field.label}` });
    } catch {
      toast({ title: "Copy failed", description: "Select the text and copy it by hand.", variant: "destructive" });
    }
  };

  if (filing) {
    return (
      <Dialog open={open} title="File this notice on the platform's form" onClose={onClose} wide>
        <p className="banner small" role="status">
          <strong>Filing needed.</strong> Nothing has been sent: this platform accepts notices only through its own web
          form. Open the form, paste each field below, submit it, then tell us you filed it.
        </p>
        <p>
          <a href={filing.formUrl} target="_blank" rel="noopener noreferrer">
            Open the form
          </a>{" "}
          <span className="small muted">({filing.formUrl})</span>
        </p>
        <ol className="form-fields" aria-label="Form fields">
          {filing.fields.map((field, index) => (
            <li key={field.label}>
              <label htmlFor={`form-field-${index}`}>{field.label}</label>
              <textarea
                id={`form-field-${index}`}
                readOnly
                rows={Math.min(6, field.value.split("\n").length + 1)}
                value={field.value}
              />
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => void copy(field)}>
                Copy {field.label}
              </button>
            </li>
          ))}
        </ol>
        <div className="dialog-footer">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Not yet
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={filed.isPending}
            onClick={() => filed.mutate(filing.noticeId)}
          >
            {filed.isPending ? "Recording..." : "I have filed it"}
          </button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} title={name.title} onClose={onClose} wide>
      {!threat ? (
        <p>No threat selected for a takedown notice.</p>
      ) : generate.isPending ? (
        <Spinner label="Generating the notice..." />
      ) : draft ? (
        <>
          {draft.basis ? (
            <section aria-label="Legal basis" className="small">
              <p>
                <strong>Legal basis:</strong> {name.title}. {draft.basis.reason}
              </p>
              {draft.route === "take_it_down" && draft.basis.deadlineHours ? (
                <p>The platform must remove it within {draft.basis.deadlineHours} hours of receiving the request.</p>
              ) : null}
              {draft.evidence ? (
                <p>
                  <strong>What the notice states, from the evidence:</strong> {plainReason(draft.evidence.reason)}
                </p>
              ) : null}
            </section>
          ) : null}
          {channel?.kind === "email" ? (
            <p className="small">
              <strong>Recipient:</strong> {channel.address} ({channel.label})
              {draft.route ? ` — as ${articled(name.noun)}` : ""}
            </p>
          ) : channel?.kind === "web_form" ? (
            <p className="small">
              <strong>Recipient:</strong> {channel.label}, a web form you file yourself ({channel.url})
              {draft.route ? ` — as ${articled(name.noun)}` : ""}
            </p>
          ) : channel?.kind === "none" ? (
            <p className="small" role="note">
              <strong>No one can be asked to remove this:</strong> {channel.explanation} Keep the evidence record below
              and use the referral text.
            </p>
          ) : draft.recipient ? (
            <p className="small">
              <strong>Recipient:</strong> {draft.recipient}
              {draft.route ? ` — as ${articled(name.noun)}` : ""}
            </p>
          ) : null}
          {draft.copyright?.available && draft.copyright.originals.length > 0 ? (
            claimed ? (
              <p className="small">
                This notice claims copyright in your original {(() => {
                  const o = draft.copyright.originals.find((x) => x.sampleId === claimed);
                  return o
                    ? `${o.modality === "voice" ? "recording" : "photo"} enrolled on ${dateOnly(o.enrolledAt)}`
                    : "";
                })()}.{" "}
                <button type="button" className="btn btn-secondary btn-sm" onClick={() => regenerate()}>
                  Do not claim copyright
                </button>
              </p>
            ) : (
              <fieldset className="small">
                <legend>Claim copyright instead (DMCA)</legend>
                <p>
                  This found media is a copy of a file you enrolled. Claim copyright only if you made or own that photo
                  or recording; you will state this under penalty of perjury.
                </p>
                <label htmlFor="copyright-original">Your original</label>{" "}
                <select id="copyright-original" value={original} onChange={(e) => setOriginal(e.target.value)}>
                  <option value="">Choose…</option>
                  {draft.copyright.originals.map((o) => (
                    <option key={o.sampleId} value={o.sampleId}>
                      {o.modality === "voice" ? "Voice recording" : "Face photo"} enrolled {dateOnly(o.enrolledAt)}
                      {o.source ? ` (${o.source})` : ""}
                      {o.match === "same-file" ? ": the same file" : ": the same picture, resized or re-encoded"}
                    </option>
                  ))}
                </select>{" "}
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  disabled={!original}
                  onClick={() => regenerate(original)}
                >
                  Use a copyright notice
                </button>
              </fieldset>
            )
          ) : null}
          <label htmlFor="notice-text" className="visually-hidden">
            Notice text
          </label>
          <textarea id="notice-text" className="notice-text" readOnly rows={14} value={draft.requestContent} />
          {channel?.kind !== "none" ? (
            <p className="banner banner-danger small" role="note">
              Warning: a takedown notice is a legal statement; the statements below are made under penalty of perjury.
              Only send it if they are true.
            </p>
          ) : null}
          {required.length > 0 && channel?.kind !== "none" ? (
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
        <>
          <p role="alert">The notice could not be generated: {serverMessage(generate.error)}</p>
          <NoticeFixStep message={serverMessage(generate.error)} />
        </>
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
            downloadText(noticeFileName(draft.route, threat.id), draft.requestContent);
            toast({ title: `${capitalised(name.noun)} downloaded` });
          }}
        >
          Download Notice
        </button>
        {/* No Send where nothing can be sent: no draft (generating, or refused) or nobody to ask. */}
        {!draft || channel?.kind === "none" || draft.route === "none" ? null : (
          <button
            type="button"
            className="btn btn-primary"
            disabled={!threat || !allConfirmed || send.isPending}
            onClick={() => threat && send.mutate({ threatId: threat.id, confirmations: confirmed, ...claimCopyright })}
          >
            {send.isPending
              ? "Sending..."
              : channel?.kind === "web_form"
                ? "Prepare Filing"
                : `Send ${name.noun.replace(/^[A-Z][a-z]/, (c) => c.toLowerCase())} by email`}
          </button>
        )}
      </div>
    </Dialog>
  );
}
