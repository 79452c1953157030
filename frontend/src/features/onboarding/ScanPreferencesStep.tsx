import { type FormEvent, useState } from "react";
import type { ScanPreferences } from "../../api/types";

export const DEFAULT_SCAN_PREFERENCES: Required<ScanPreferences> = {
  socialMedia: true,
  forums: true,
  adultSites: false,
  darkWeb: false,
};

export function ScanPreferencesStep(props: {
  initial?: ScanPreferences;
  pending: boolean;
  onSubmit: (prefs: ScanPreferences) => void;
  onPrevious: () => void;
}) {
  const [prefs, setPrefs] = useState({
    ...DEFAULT_SCAN_PREFERENCES,
    ...props.initial,
    darkWeb: props.initial?.darkWeb ?? false,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit(prefs);
  };
  const box = (key: "socialMedia" | "forums" | "adultSites", label: string) => (
    <label className="choice">
      <input type="checkbox" checked={prefs[key]} onChange={(e) => setPrefs({ ...prefs, [key]: e.target.checked })} />
      <span>{label}</span>
    </label>
  );
  return (
    <form onSubmit={submit} className="form" aria-labelledby="scan-step-heading">
      <h2 id="scan-step-heading">Scan preferences</h2>
      <fieldset>
        <legend>Where should we look?</legend>
        {box("socialMedia", "Social media")}
        {box("forums", "Forums")}
        {box("adultSites", "Adult sites")}
        <label className="choice">
          <input type="checkbox" checked={prefs.darkWeb} disabled aria-describedby="darkweb-note" />
          <span>
            Dark web <span className="badge">Premium</span>
            <span id="darkweb-note" className="hint">
              {" "}
              Available on the Enterprise plan.
            </span>
          </span>
        </label>
      </fieldset>
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
