import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import type { DemoProfile, MembershipTier } from "../api/types";
import { BRAND, PLANS, priceLabel } from "../content/marketing";
import {
  DEMO_PLATFORM_COUNTS,
  DEMO_THREAT_COUNTS,
  parseDemoType,
  readDemoProfile,
  readDemoType,
} from "../features/demo/demo-session";
import { WizardPage } from "../ui/Page";
import { ProgressBar } from "../ui/ProgressBar";
import { Spinner } from "../ui/Spinner";

const TRANSITION_MS = 300;
const STEP_TITLES = [
  "Welcome",
  "Account Setup Complete",
  "Subscription Selected",
  "Profile Information",
  "Face and Voice Captured",
  "Scan Preferences Set",
  "Protection Activated",
];

function preferenceLabel(key: string): string {
  return key.replace(/([A-Z])/g, " $1").replace(/^\w/, (c) => c.toUpperCase());
}

function StepBody({ step, profile, type }: { step: number; profile: DemoProfile; type: MembershipTier }) {
  const plan = PLANS.find((p) => p.tier === type);
  switch (step) {
    case 0:
      return (
        <>
          <p>
            Meet <strong>{profile.fullName}</strong>
            {profile.occupation ? `, ${profile.occupation}` : ""}. Follow their setup to see how {BRAND} protects a
            likeness.
          </p>
          <p className="small muted">Everything in this walkthrough is simulated demo data.</p>
        </>
      );
    case 1:
      return (
        <ul className="check-list">
          <li>Email: {profile.email ?? "—"}</li>
          <li>Phone: {profile.phoneNumber ?? "—"}</li>
          <li>Verified with a 6-digit code</li>
        </ul>
      );
    case 2:
      return plan ? (
        <p>
          <strong>{plan.name}</strong> plan — {priceLabel(plan)}. {plan.platformsLabel},{" "}
          {plan.scanFrequencyLabel.toLowerCase()}.
        </p>
      ) : null;
    case 3:
      return (
        <dl className="detail-grid">
          <div>
            <dt>Full name</dt>
            <dd>{profile.fullName}</dd>
          </div>
          <div>
            <dt>Occupation</dt>
            <dd>{profile.occupation ?? "—"}</dd>
          </div>
          <div>
            <dt>Membership</dt>
            <dd>{profile.membershipTier}</dd>
          </div>
        </dl>
      );
    case 4:
      return (
        <ul className="check-list">
          <li>3 face poses captured (front, left, right)</li>
          <li>Voice sample recorded</li>
          <li>Face and voice embeddings computed for matching</li>
        </ul>
      );
    case 5:
      return (
        <ul className="service-list">
          {Object.entries(profile.scanPreferences ?? {}).map(([key, on]) => (
            <li key={key}>
              <span>{preferenceLabel(key)}</span>
              <span className={on ? "text-ok" : "muted"}>{on ? "Enabled" : "Disabled"}</span>
            </li>
          ))}
        </ul>
      );
    default:
      return (
        <dl className="tile-grid">
          <div className="tile">
            <dt>Threats found</dt>
            <dd className="tile-value">{DEMO_THREAT_COUNTS[type]}</dd>
          </div>
          <div className="tile">
            <dt>Platforms monitored</dt>
            <dd className="tile-value">{DEMO_PLATFORM_COUNTS[type]}</dd>
          </div>
          <div className="tile">
            <dt>Scans</dt>
            <dd className="tile-value">{PLANS.find((plan) => plan.tier === type)?.scanFrequencyLabel}</dd>
          </div>
        </dl>
      );
  }
}

export default function GuidedDemoRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const type = parseDemoType(params.get("type")) ?? readDemoType() ?? "personal";
  const [profile] = useState(() => readDemoProfile(type));
  const [step, setStep] = useState(0);
  const [leaving, setLeaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!profile) navigate(`/signup?demo=${parseDemoType(params.get("type")) ?? "personal"}`, { replace: true });
  }, [profile, params, navigate]);

  useEffect(() => {
    if (step > 0) heading.current?.focus();
  }, [step]);

  if (!profile) return <Spinner label="Loading demo experience..." />;

  const last = step === STEP_TITLES.length - 1;
  const next = () => {
    if (last) return navigate(`/dashboard?demo=${type}`);
    setLeaving(true);
    setTimeout(() => {
      setStep((s) => s + 1);
      setLeaving(false);
    }, TRANSITION_MS);
  };

  return (
    <WizardPage>
      <p className="banner banner-demo" role="note">
        <strong>Guided demo</strong> — {type} plan. All data is simulated.
      </p>
      <div className="wizard-header">
        <p className="small muted">
          Step {step + 1} of {STEP_TITLES.length} · {Math.round(((step + 1) / STEP_TITLES.length) * 100)}% complete
        </p>
        <ProgressBar value={((step + 1) / STEP_TITLES.length) * 100} label="Demo progress" />
      </div>
      <section className={`panel fade${leaving ? " is-leaving" : ""}`} aria-live="polite">
        <h1 ref={heading} tabIndex={-1} style={{ fontSize: "1.6rem" }}>
          {STEP_TITLES[step]}
        </h1>
        <StepBody step={step} profile={profile} type={type} />
      </section>
      <div className="wizard-nav">
        <Link to="/" className="btn btn-secondary">
          Exit demo
        </Link>
        <button type="button" className="btn btn-primary" disabled={leaving} onClick={next}>
          {last ? "Go to Dashboard" : "Next Step"}
        </button>
      </div>
    </WizardPage>
  );
}
