import { type FormEvent, useState } from "react";
import type { Profile, ScanFrequency, Sensitivity } from "../../api/types";
import { PLANS } from "../../content/marketing";
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
  const [error, setError] = useState<string>();
  const frequencies = frequenciesForTier(tier);
  const frequency =
    props.profile?.scanFrequency && frequencies.includes(props.profile.scanFrequency)
      ? props.profile.scanFrequency
      : (frequencies[0] ?? "weekly");
  const plan = PLANS.find((p) => p.tier === tier);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) return setError("Select at least one platform to monitor");
    setError(undefined);
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
      <PlatformChecklist
        platforms={offered}
        chosen={chosen}
        onChange={setChosen}
        error={error}
        errorId="platforms-step-error"
      />
      <SaveStepNav pending={props.pending} onPrevious={props.onPrevious} />
    </form>
  );
}
