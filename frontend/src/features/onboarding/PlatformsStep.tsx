import { type FormEvent, useState } from "react";
import { Link } from "react-router-dom";
import type { MembershipTier, Profile, ScanFrequency, Sensitivity } from "../../api/types";
import { PLANS } from "../../content/marketing";
import { SelectField } from "../../ui/SelectField";
import { frequenciesForTier, platformsForTier } from "../platforms/catalogue";
import { PlatformChecklist } from "../platforms/PlatformChecklist";
import { SaveStepNav } from "./SaveStepNav";

/** The POST /api/scan-preferences body: the plan is billing's (never sent), the platforms are chosen here. */
export interface PlatformChoice {
  platforms: string[];
  scanFrequency: ScanFrequency;
  alertSensitivity: Sensitivity;
  autoTakedown: boolean;
}

const capitalised = (f: string) => `${f[0]?.toUpperCase()}${f.slice(1)}`;

/**
 * Where and how often scans look: every platform the plan includes, ticked to begin with (a person
 * unticks what they do not want searched), or what is saved; the plan's frequencies; and, on plans
 * that have it, automatic takedown requests. Settings' "Change platforms and frequency" opens here.
 */
export function PlatformsStep(props: {
  profile?: Profile;
  /** The demo's plan when there is no account. */
  tier?: MembershipTier;
  pending: boolean;
  onSubmit: (choice: PlatformChoice) => void;
  onPrevious: () => void;
}) {
  const tier = props.profile?.membershipTier ?? props.tier ?? "personal";
  const offered = platformsForTier(tier);
  const chosenBefore = (props.profile?.platforms ?? []).filter((id) => offered.some((p) => p.id === id));
  const [chosen, setChosen] = useState<string[]>(chosenBefore.length > 0 ? chosenBefore : offered.map((p) => p.id));
  const [error, setError] = useState<string>();
  const frequencies = frequenciesForTier(tier);
  const savedFrequency = props.profile?.scanFrequency;
  // What is saved, where the plan still includes it; else the plan's fastest.
  const [frequency, setFrequency] = useState<ScanFrequency | "">(
    savedFrequency && frequencies.includes(savedFrequency) ? savedFrequency : (frequencies[0] ?? "weekly"),
  );
  const [frequencyError, setFrequencyError] = useState<string>();
  const [autoTakedown, setAutoTakedown] = useState(props.profile?.autoTakedown ?? false);
  const plan = PLANS.find((p) => p.tier === tier);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(chosen.length === 0 ? "Select at least one platform to monitor" : undefined);
    setFrequencyError(frequency ? undefined : "Select scan frequency");
    if (chosen.length === 0 || !frequency) return;
    props.onSubmit({
      platforms: chosen,
      scanFrequency: frequency,
      alertSensitivity: (props.profile?.notificationSettings?.sensitivity ?? "high") as Sensitivity,
      autoTakedown: tier !== "personal" && autoTakedown,
    });
  };
  return (
    <form className="form" onSubmit={submit} aria-labelledby="platforms-heading" noValidate>
      <h2 id="platforms-heading">Where should we look?</h2>
      <p>
        Your {plan?.name ?? tier} plan includes these platforms: untick any you do not want searched.{" "}
        <Link to="/pricing">Change plan</Link>
      </p>
      <PlatformChecklist
        platforms={offered}
        chosen={chosen}
        onChange={setChosen}
        error={error}
        errorId="platforms-step-error"
      />
      <SelectField
        id="scan-frequency"
        label="Scan frequency"
        placeholder="Select frequency"
        options={frequencies.map((f) => ({ value: f, label: capitalised(f) }))}
        value={frequency}
        onChange={setFrequency}
        error={frequencyError}
        errorId="frequency-error"
      />
      {tier !== "personal" ? (
        <label className="choice">
          <input type="checkbox" checked={autoTakedown} onChange={(e) => setAutoTakedown(e.target.checked)} />
          <span>
            <strong>Enable Automatic Takedown Requests</strong>
            <br />
            {/* The standing statement of packages/notices (AUTO_TAKEDOWN_STANDING_STATEMENT), in short. */}
            <span className="small muted">
              Send takedown requests for high-confidence (90%+) threats automatically: impersonation and privacy reports
              in your name, where a platform takes them by email, on your confirmation now that they are made in good
              faith and accurate. Copyright (DMCA) notices and intimate-imagery requests are never sent automatically:
              you confirm each one.
            </span>
          </span>
        </label>
      ) : null}
      <SaveStepNav pending={props.pending} onPrevious={props.onPrevious} />
    </form>
  );
}
