import type { InviteRequest } from "@lg/domain/people/people-inputs";
import { PersonAnswer } from "@lg/domain/people/web-contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { apiJson } from "../../api/client";
import { serverMessage } from "../../api/errors";
import { RadioGroup } from "../../ui/Choices";
import { FieldError } from "../../ui/FieldError";
import { TextField } from "../../ui/TextField";
import { toast } from "../../ui/toast-store";
import { PEOPLE_LIST_KEY } from "./queries";

type Method = "email" | "phone";
const INVITE_METHODS: { value: Method; label: string }[] = [
  { value: "email", label: "Email" },
  { value: "phone", label: "Text message" },
];

/** Invites one person by email or text; the server checks the plan's limit and says why when it refuses. */
export function InviteForm() {
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [method, setMethod] = useState<Method>("email");
  const [contact, setContact] = useState("");
  const [error, setError] = useState<string>();
  const invite = useMutation({
    mutationFn: () =>
      apiJson(
        "POST",
        "/api/people/invitations",
        (method === "email"
          ? { method, displayName: name, email: contact }
          : { method, displayName: name, phone: contact }) satisfies InviteRequest,
        PersonAnswer,
      ),
    onSuccess: ({ person }) => {
      setError(undefined);
      setName("");
      setContact("");
      toast({
        title: "Invitation sent",
        description: `${person.displayName} was sent a link at ${person.contact?.address ?? contact}. No biometric data of theirs is stored until they consent.`,
      });
      void queryClient.invalidateQueries({ queryKey: PEOPLE_LIST_KEY });
    },
    onError: (e) => setError(serverMessage(e)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !contact.trim()) {
      setError("Enter the person's name and where to send the invitation.");
      return;
    }
    invite.mutate();
  };

  return (
    <form className="form panel" onSubmit={submit} noValidate aria-labelledby="invite-heading">
      <h2 id="invite-heading" className="panel-title">
        Invite a person to protect
      </h2>
      <p className="muted">
        They get a link, sign in or create their own account, give their own consent and enrol their own face and voice.
        You see where they stand and their threats, never their photos, recordings or face and voice data.
      </p>
      <TextField
        id="invite-name"
        label="Their name"
        value={name}
        maxLength={100}
        onChange={(e) => setName(e.target.value)}
      />
      <RadioGroup
        className="field"
        legend="Send the invitation by"
        name="invite-method"
        options={INVITE_METHODS}
        value={method}
        onChange={setMethod}
      />
      <TextField
        id="invite-contact"
        label={method === "email" ? "Their email address" : "Their phone number"}
        type={method === "email" ? "email" : "tel"}
        placeholder={method === "email" ? "name@example.com" : "+14155550123"}
        value={contact}
        maxLength={method === "email" ? 254 : 32}
        onChange={(e) => setContact(e.target.value)}
      />
      <FieldError id="invite-error" message={error} />
      <button type="submit" className="btn btn-primary" disabled={invite.isPending}>
        {invite.isPending ? "Sending…" : "Send Invitation"}
      </button>
    </form>
  );
}
