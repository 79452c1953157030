import { type FormEvent, useState } from "react";
import type { Profile, ScanFrequency, Sensitivity } from "../../api/types";
import { PLANS } from "../../content/marketing";
import { frequenciesForTier, platformsForTier } from "../platforms/catalogue";

/** The POST /api/scan-preferences body: the plan is billing's (never sent), the platforms are chosen here. */
export interface PlatformChoice {
  platforms: string[];
  scanFrequency: ScanFrequency;
  alertSensitivity: Sensitivity;
  autoTakedown: boolean;
}

/** Every platform the plan includes, ticked to begin with; a person unticks what they do not want searched. */
export function PlatformsStep(props: {
  profile?: Profile;
  pending: boolean;
  onSubmit: (choice: PlatformChoice) => void;
  onPrevious: () => void;
}) {
  const tier = props.profile?.membershipTier ?? "personal";
  const offered = platformsForTier(tier);
  const chosenBefore = (props.profile?.platforms ?? []).filter((id) => offered.some((p) => p.id === id));
  const [chosen, setChosen] = useState<string[]>(chosenBefore.length > 0 ? chosenBefore : offered.map((p) => p.id));
  const [error, setError] = useState<string | null>(null);
  const frequencies = frequenciesForTier(tier);
  const frequency =
    props.profile?.scanFrequency && frequencies.includes(props.profile.scanFrequency)
      ? props.profile.scanFrequency
      : (frequencies[0] ?? "weekly");
  const plan = PLANS.find((p) => p.tier === tier);

  const toggle = (id: string, on: boolean) => setChosen((list) => (on ? [...list, id] : list.filter((p) => p !== id)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) return setError("Select at least one platform to monitor");
    setError(null);
    props.onSubmit({
      platforms: chosen,
      scanFrequency: frequency,
      alertSensitivity: (props.profile?.notificationSettings?.sensitivity ?? "high") as Sensitivity,
      autoTakedown: props.profile?.autoTakedown ?? false,
    });
  };
  return (
    <form className="form" onSubmit={submit} aria-labelledby="platforms-heading" noValidate>
      <h2 id="platforms-heading">Where should we look?</h2>
      <p>
        Your {plan?.name ?? tier} plan searches these platforms, {frequency}. All are ticked: untick any you do not want
        searched.
      </p>
      <fieldset aria-describedby={error ? "platforms-step-error" : undefined}>
        <legend>Platforms to monitor</legend>
        <div className="choice-grid">
          {offered.map((p) => (
            <label key={p.id} className="choice">
              <input type="checkbox" checked={chosen.includes(p.id)} onChange={(e) => toggle(p.id, e.target.checked)} />
              <span>
                {p.name}
                <br />
                <span className="small muted">{p.description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {error ? (
        <p id="platforms-step-error" role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      <div className="wizard-nav">
        <button type="button" className="btn btn-secondary" onClick={props.onPrevious}>
          Previous
        </button>
        <button type="submit" className="btn btn-primary" disabled={props.pending}>
          {props.pending ? "Saving..." : "Save and Continue"}
        </button>
      </div>
    </form>
  );
}
