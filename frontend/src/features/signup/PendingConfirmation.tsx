import { AuthMessage, SignInAnswer } from "@lg/domain/accounts/web-contract";
import type { ConfirmRequest, ResendRequest } from "@lg/domain/accounts/web-requests";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { apiJson } from "../../api/client";
import { serverMessage } from "../../api/errors";
import { BusyButton } from "../../ui/BusyButton";
import { CodeField } from "../../ui/CodeField";
import { FieldError } from "../../ui/FieldError";

/**
 * A sign-up left at its code screen, finished from sign-in: the code that was sent (or a new one)
 * confirms the account, and the password just typed signs it in.
 */
export function PendingConfirmation({
  username,
  password,
  onConfirmed,
  onBack,
}: {
  username: string;
  password: string;
  onConfirmed: () => void;
  onBack: () => void;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  const confirm = useMutation({
    mutationFn: () =>
      apiJson("POST", "/api/auth/confirm", { username, code, password } satisfies ConfirmRequest, SignInAnswer),
    onSuccess: onConfirmed,
    onError: (e) => setError(serverMessage(e) || "The code could not be checked. Try again."),
  });
  const resend = useMutation({
    mutationFn: () => apiJson("POST", "/api/auth/resend", { username } satisfies ResendRequest, AuthMessage),
    onSuccess: (answer) => {
      setError(undefined);
      setNotice(answer.message);
    },
    onError: (e) => setError(serverMessage(e) || "A new code could not be sent. Try again."),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== 6) {
      setError("Enter the 6-digit code we sent you.");
      return;
    }
    setError(undefined);
    confirm.mutate();
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="pending-heading">
      <h2 id="pending-heading">Confirm your account</h2>
      <p>
        Your account is not confirmed yet. Enter the 6-digit code we sent to <strong>{username}</strong> when you signed
        up, or ask for a new one.
      </p>
      <CodeField
        id="pending-code"
        label="Verification code"
        describedBy="pending-error"
        value={code}
        onChange={setCode}
      />
      <FieldError id="pending-error" message={error} />
      {notice ? (
        <p className="muted" role="status">
          {notice}
        </p>
      ) : null}
      <p>
        <BusyButton
          className="link-button"
          busy={resend.isPending}
          busyLabel="Sending..."
          onClick={() => resend.mutate()}
        >
          Send a new code
        </BusyButton>
      </p>
      <div className="wizard-nav">
        <button type="button" className="btn btn-secondary" onClick={onBack}>
          Back
        </button>
        <button type="submit" className="btn btn-primary" disabled={confirm.isPending}>
          {confirm.isPending ? "Confirming..." : "Confirm and sign in"}
        </button>
      </div>
    </form>
  );
}
