import type { FormEvent } from "react";
import { Link } from "react-router-dom";
import { CodeField } from "../../ui/CodeField";
import { toast } from "../../ui/toast-store";
import type { SignupFlow } from "./use-signup-flow";

export function VerifyStep({
  flow,
  onBack,
  onVerified,
}: {
  flow: SignupFlow;
  onBack: () => void;
  onVerified: () => void;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (flow.code.length !== 6) {
      toast({
        title: "Invalid Code",
        description: "Please enter the 6-digit verification code",
        variant: "destructive",
      });
      return;
    }
    flow.confirm.mutate(undefined, { onSuccess: onVerified });
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="verify-heading">
      <h2 id="verify-heading">Enter your verification code</h2>
      {/* The server answers every sign-up alike, so it never says whether the address already has an
          account; this page must not claim a code was sent where none is. */}
      <p className="muted">
        We sent a 6-digit code to {flow.destination || "your email or phone"}, unless it already belongs to an account:
        then no code comes, and you can <Link to="/signin">sign in</Link> or{" "}
        <Link to="/forgot-password">reset your password</Link> instead.
      </p>
      <CodeField id="signup-code" label="Verification code" value={flow.code} onChange={flow.setCode} />
      <p>
        <button
          type="button"
          className="link-button"
          disabled={flow.resend.isPending}
          onClick={() => flow.resend.mutate()}
        >
          Didn't get a code? Resend
        </button>
      </p>
      <div className="wizard-nav">
        <button type="button" className="btn btn-secondary" onClick={onBack}>
          Back
        </button>
        <button type="submit" className="btn btn-primary" disabled={flow.code.length !== 6 || flow.confirm.isPending}>
          {flow.confirm.isPending ? "Verifying..." : "Verify"}
        </button>
      </div>
    </form>
  );
}
