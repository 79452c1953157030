import { type FormEvent, useEffect, useState } from "react";
import { Link } from "react-router-dom";
import type { Profile, Sensitivity } from "../../api/types";
import { SENSITIVITY_OPTIONS } from "../../content/marketing";
import { Checkbox, RadioGroup } from "../../ui/Choices";
import { frequenciesForTier, platformName } from "../platforms/catalogue";
import { useUpdateProfile } from "../preferences/use-update-profile";

function initial(profile: Profile) {
  return {
    socialMedia: profile.scanPreferences?.socialMedia ?? true,
    forums: profile.scanPreferences?.forums ?? true,
    adultSites: profile.scanPreferences?.adultSites ?? false,
    sensitivity: (profile.notificationSettings?.sensitivity ?? "high") as Sensitivity,
  };
}

/** The schedule scans run on: the saved frequency, or weekly where the plan no longer includes it (scan-schedule.ts). */
const scheduleOf = (profile: Profile) =>
  frequenciesForTier(profile.membershipTier).includes(profile.scanFrequency) ? profile.scanFrequency : "weekly";

export function ScanPreferencesSection({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const [form, setForm] = useState(() => initial(profile));
  useEffect(() => setForm(initial(profile)), [profile]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({
      scanPreferences: {
        ...profile.scanPreferences,
        socialMedia: form.socialMedia,
        forums: form.forums,
        adultSites: form.adultSites,
      },
      // Other notification fields are kept: the server stores the object whole.
      notificationSettings: { ...profile.notificationSettings, sensitivity: form.sensitivity },
    });
  };

  const checkbox = (key: "socialMedia" | "forums" | "adultSites", label: string) => (
    <Checkbox label={label} checked={form[key]} onChange={(on) => setForm({ ...form, [key]: on })} />
  );

  return (
    <section className="panel" aria-labelledby="scan-prefs-heading">
      <h2 id="scan-prefs-heading">Scan Preferences</h2>
      <form className="form" onSubmit={save}>
        <fieldset>
          <legend>Platforms to scan</legend>
          <p className="small muted" id="scan-kinds-help">
            Unticking a kind removes its platforms from your next scans; ticking it adds every platform of that kind
            your plan includes. Now scanned:{" "}
            {profile.platforms.length > 0 ? profile.platforms.map(platformName).join(", ") : "nothing"}.
            {profile.platforms.length > 0 ? ` Scans run ${scheduleOf(profile)}.` : ""}{" "}
            <Link to="/onboarding?step=platforms&from=%2Fsettings">Change platforms and frequency</Link>
          </p>
          {checkbox("socialMedia", "Social Media")}
          {checkbox("forums", "Forums")}
          {checkbox("adultSites", "Adult Content")}
        </fieldset>
        <RadioGroup
          legend="Detection sensitivity"
          name="settings-sensitivity"
          options={SENSITIVITY_OPTIONS}
          value={form.sensitivity}
          onChange={(sensitivity) => setForm({ ...form, sensitivity })}
        />
        <div>
          <button type="submit" className="btn btn-primary" disabled={update.isPending}>
            {update.isPending ? "Saving..." : "Save Scan Preferences"}
          </button>
        </div>
      </form>
    </section>
  );
}
