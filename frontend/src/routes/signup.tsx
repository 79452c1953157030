import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { safeNextPath, signIn } from "../auth/session-navigation";
import { withDemo } from "../features/demo/demo-session";
import { DetailsStep } from "../features/signup/DetailsStep";
import { useSignupFlow } from "../features/signup/use-signup-flow";
import { VerifyStep } from "../features/signup/VerifyStep";
import { WizardPage } from "../ui/Page";

const REDIRECT_AFTER_CREATE_MS = 2000;

export default function SignupRoute() {
  const [params] = useSearchParams();
  const demo = params.get("demo");
  const navigate = useNavigate();
  const flow = useSignupFlow();
  const [step, setStep] = useState<"method" | "details" | "verify" | "complete">("method");

  useEffect(() => {
    if (step !== "complete") return;
    // An invitation link sends people here with ?next= so they come back to accept it.
    const next = params.get("next");
    const target = next ? safeNextPath(next) : withDemo("/onboarding", demo);
    const timer = setTimeout(() => navigate(target), REDIRECT_AFTER_CREATE_MS);
    return () => clearTimeout(timer);
  }, [step, demo, navigate, params]);

  return (
    <WizardPage>
      <h1>Create your account</h1>
      {demo ? (
        <p className="banner banner-demo" role="note">
          <strong>Demo Mode</strong> ({demo}): all data shown in the demo is simulated.
        </p>
      ) : null}
      <div className="panel">
        {step === "method" ? (
          <section aria-labelledby="method-heading">
            <h2 id="method-heading">How would you like to sign up?</h2>
            <div className="form">
              <button
                type="button"
                className="btn btn-primary btn-block"
                onClick={() => {
                  flow.setMethod("email");
                  setStep("details");
                }}
              >
                Sign up with Email
              </button>
              <button
                type="button"
                className="btn btn-secondary btn-block"
                onClick={() => {
                  flow.setMethod("phone");
                  setStep("details");
                }}
              >
                Sign up with Phone
              </button>
            </div>
            <p className="center" style={{ marginTop: "1rem" }}>
              <button type="button" className="link-button" onClick={() => signIn()}>
                Already have an account? Sign In
              </button>
            </p>
            <p className="center">
              <Link to="/">Back to Home</Link>
            </p>
          </section>
        ) : null}
        {step === "details" ? (
          <DetailsStep flow={flow} onBack={() => setStep("method")} onSent={() => setStep("verify")} />
        ) : null}
        {step === "verify" ? (
          <VerifyStep flow={flow} onBack={() => setStep("details")} onVerified={() => setStep("complete")} />
        ) : null}
        {step === "complete" ? (
          <section aria-labelledby="complete-heading" className="center" aria-live="polite">
            <h2 id="complete-heading">Account Created</h2>
            <p>Your account is ready. Taking you to setup…</p>
          </section>
        ) : null}
      </div>
    </WizardPage>
  );
}
