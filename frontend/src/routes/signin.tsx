import { SignInAnswer } from "@lg/domain/accounts/web-contract";
import type { SignInRequest } from "@lg/domain/accounts/web-requests";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { apiJson } from "../api/client";
import { errorStatus, serverMessage } from "../api/errors";
import { clearSessionExpired, sessionExpired } from "../auth/kept-input";
import { safeNextPath } from "../auth/session-navigation";
import { refreshSignedInUser } from "../auth/use-auth";
import { isMfaChallenge, type MfaChallenge, MfaChallengeForm } from "../features/signup/MfaChallengeForm";
import { PendingConfirmation } from "../features/signup/PendingConfirmation";
import { FieldError } from "../ui/FieldError";
import { WizardPage } from "../ui/Page";
import { TextField } from "../ui/TextField";

/** Where GET /api/login sends people: email or phone plus password, posted to POST /api/login. */
export default function SigninRoute() {
  const [params] = useSearchParams();
  const next = safeNextPath(params.get("next"));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  // The server answers 403 only to the right password of an account still waiting for its code.
  const [pending, setPending] = useState(false);
  // An account with an authenticator app is asked for the app's code before the session opens.
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);

  // Sent here because the session expired mid-task: say so, and that nothing typed is lost.
  const [expired] = useState(sessionExpired);
  const signedIn = async () => {
    clearSessionExpired();
    await refreshSignedInUser(queryClient);
    navigate(next);
  };

  const login = useMutation({
    mutationFn: () =>
      apiJson("POST", "/api/login", { username: username.trim(), password } satisfies SignInRequest, SignInAnswer),
    onSuccess: (answer) => (isMfaChallenge(answer) ? setChallenge(answer) : signedIn()),
    onError: (e) => {
      if (errorStatus(e) === 403) {
        setError(undefined);
        setPending(true);
        return;
      }
      setError(serverMessage(e) || "Sign-in failed. Check your details and try again.");
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError("Enter your email or phone number and your password.");
      return;
    }
    setError(undefined);
    login.mutate();
  };

  const forgotLink = `/forgot-password?next=${encodeURIComponent(next)}`;
  return (
    <WizardPage>
      <h1>Sign in</h1>
      {expired ? (
        <p className="banner" role="note">
          Your session expired, so you need to sign in again.
          {expired === "kept" ? " What you had typed is kept and filled back in on the page you were on." : ""}
        </p>
      ) : null}
      {challenge ? (
        <MfaChallengeForm challenge={challenge} onSignedIn={signedIn} onBack={() => setChallenge(null)} />
      ) : pending ? (
        <div className="panel">
          <PendingConfirmation
            username={username.trim()}
            password={password}
            onConfirmed={signedIn}
            onBack={() => setPending(false)}
          />
        </div>
      ) : (
        <form className="panel form" onSubmit={submit} noValidate>
          <TextField
            id="signin-username"
            label="Email or phone number"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
          <TextField
            id="signin-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            describedBy="signin-error"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <FieldError id="signin-error" message={error} />
          <button type="submit" className="btn btn-primary btn-block" disabled={login.isPending}>
            {login.isPending ? "Signing in..." : "Sign In"}
          </button>
          <p className="center small">
            <Link to={forgotLink}>Forgot password?</Link>
          </p>
          <p className="center small">
            New here? <Link to="/signup">Create an account</Link>
          </p>
        </form>
      )}
    </WizardPage>
  );
}
