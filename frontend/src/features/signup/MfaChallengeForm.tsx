import { SignInAnswer } from "@lg/domain/accounts/web-contract";
import type { MfaAnswerRequest } from "@lg/domain/accounts/web-requests";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { apiJson } from "../../api/client";
import { serverMessage } from "../../api/errors";
import { CodeField } from "../../ui/CodeField";
import { FieldError } from "../../ui/FieldError";

/** What POST /api/login (or a reset) answers for an account with an authenticator app. */
export type MfaChallenge = Extract<SignInAnswer, { mfaRequired: true }>;

export const isMfaChallenge = (answer: SignInAnswer): answer is MfaChallenge => "mfaRequired" in answer;

/** The second step of signing in: the 6-digit code the person's authenticator app shows now. */
export function MfaChallengeForm(props: { challenge: MfaChallenge; onSignedIn: () => void; onBack: () => void }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const answer = useMutation({
    mutationFn: () =>
      apiJson(
        "POST",
        "/api/auth/mfa-challenge",
        {
          username: props.challenge.username,
          session: props.challenge.session,
          code: code.trim(),
        } satisfies MfaAnswerRequest,
        SignInAnswer,
      ),
    onSuccess: props.onSignedIn,
    onError: (e) => setError(serverMessage(e)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError("Enter the 6-digit code from your authenticator app");
    setError(undefined);
    answer.mutate();
  };
  return (
    <form className="panel form" onSubmit={submit} noValidate aria-labelledby="mfa-heading">
      <h2 id="mfa-heading">Enter the code from your authenticator app</h2>
      <p className="small muted">Your account asks for a code from your authenticator app at every sign-in.</p>
      <CodeField id="mfa-code" label="Authenticator code" describedBy="mfa-error" value={code} onChange={setCode} />
      <FieldError id="mfa-error" message={error} />
      <button type="submit" className="btn btn-primary btn-block" disabled={answer.isPending}>
        {answer.isPending ? "Checking..." : "Verify and Sign In"}
      </button>
      <button type="button" className="btn btn-secondary btn-block" onClick={props.onBack}>
        Back
      </button>
    </form>
  );
}
