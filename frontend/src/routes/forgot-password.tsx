import { AuthMessage, SignInAnswer } from "@lg/domain/accounts/web-contract";
import type { ForgotPasswordRequest, ResetPasswordRequest } from "@lg/domain/accounts/web-requests";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { apiJson } from "../api/client";
import { serverMessage } from "../api/errors";
import { safeNextPath } from "../auth/session-navigation";
import { refreshSignedInUser } from "../auth/use-auth";
import { isMfaChallenge, type MfaChallenge, MfaChallengeForm } from "../features/signup/MfaChallengeForm";
import { PASSWORD_RULE_TEXT, passwordProblem } from "../features/signup/password-rule";
import { CodeField } from "../ui/CodeField";
import { FieldError } from "../ui/FieldError";
import { WizardPage } from "../ui/Page";
import { TextField } from "../ui/TextField";

/**
 * Forgot password: a code to the account's email or phone, then a new password with it. The first
 * answer is the server's, worded the same whether or not the account exists.
 */
export default function ForgotPasswordRoute() {
  const [params] = useSearchParams();
  const next = safeNextPath(params.get("next"));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState("");
  const [sentMessage, setSentMessage] = useState<string>();
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  // The new password signs in; an account with an authenticator app is asked for the app's code first.
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const signedIn = async () => {
    await refreshSignedInUser(queryClient);
    navigate(next);
  };

  const requestCode = useMutation({
    mutationFn: () =>
      apiJson(
        "POST",
        "/api/auth/forgot-password",
        { username: username.trim() } satisfies ForgotPasswordRequest,
        AuthMessage,
      ),
    onSuccess: (answer) => {
      setError(undefined);
      setSentMessage(answer.message);
    },
    onError: (e) => setError(serverMessage(e) || "The code could not be sent. Try again."),
  });
  const reset = useMutation({
    mutationFn: () =>
      apiJson(
        "POST",
        "/api/auth/reset-password",
        { username: username.trim(), code, password } satisfies ResetPasswordRequest,
        SignInAnswer,
      ),
    onSuccess: (answer) => (isMfaChallenge(answer) ? setChallenge(answer) : signedIn()),
    onError: (e) => setError(serverMessage(e) || "The password could not be reset. Try again."),
  });

  const submitUsername = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim()) return setError("Enter the email or phone number you signed up with.");
    setError(undefined);
    requestCode.mutate();
  };
  const submitReset = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== 6) return setError("Enter the 6-digit code we sent you.");
    const problem = passwordProblem(password);
    if (problem) return setError(problem);
    setError(undefined);
    reset.mutate();
  };

  return (
    <WizardPage>
      <h1>Reset your password</h1>
      {challenge ? (
        <MfaChallengeForm
          challenge={challenge}
          onSignedIn={signedIn}
          onBack={() => navigate(`/signin?next=${encodeURIComponent(next)}`)}
        />
      ) : sentMessage === undefined ? (
        <form className="panel form" onSubmit={submitUsername} noValidate>
          <p>Enter the email or phone number you signed up with. We will send a 6-digit code to it.</p>
          <TextField
            id="forgot-username"
            label="Email or phone number"
            autoComplete="username"
            describedBy="forgot-error"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
          <FieldError id="forgot-error" message={error} />
          <button type="submit" className="btn btn-primary btn-block" disabled={requestCode.isPending}>
            {requestCode.isPending ? "Sending..." : "Send reset code"}
          </button>
          <p className="center small">
            <Link to={`/signin?next=${encodeURIComponent(next)}`}>Back to sign in</Link>
          </p>
        </form>
      ) : (
        <form className="panel form" onSubmit={submitReset} noValidate>
          <p role="status">{sentMessage}</p>
          <CodeField id="reset-code" label="Reset code" value={code} onChange={setCode} />
          <TextField
            id="reset-password"
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={PASSWORD_RULE_TEXT}
            hintId="reset-rule"
            describedBy="reset-error"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <FieldError id="reset-error" message={error} />
          <button type="submit" className="btn btn-primary btn-block" disabled={reset.isPending}>
            {reset.isPending ? "Saving..." : "Set new password and sign in"}
          </button>
          <p className="center small">
            <button
              type="button"
              className="link-button"
              disabled={requestCode.isPending}
              onClick={() => requestCode.mutate()}
            >
              Send a new code
            </button>{" "}
            ·{" "}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setSentMessage(undefined);
                setCode("");
                setError(undefined);
              }}
            >
              Use a different email or phone
            </button>
          </p>
        </form>
      )}
    </WizardPage>
  );
}
