import type { PrivacySettings, Profile } from "../../api/types";
import { useUpdateProfile } from "../preferences/use-update-profile";

const CONTROLS: { key: keyof PrivacySettings; label: string; help: string; fallback: boolean }[] = [
  {
    key: "zeroKnowledge",
    label: "Zero-Knowledge Mode",
    help:
      "Your live face photos and your voice recording are analysed in this browser and only face descriptors and a " +
      "voice embedding (numbers, no images or audio) are sent; photo and recording uploads are turned off. " +
      "The trade-off: the server cannot re-check what it never sees, so it relies on this browser's analysis, " +
      "and enrolment downloads about 36 MB of face and voice models once.",
    fallback: false,
  },
];

/**
 * Toggles save the moment they change (spec section 2 'Settings'). Only switches that change what
 * the product does are offered: zero-knowledge mode changes how enrolment works.
 */
export function PrivacyControls({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const current: PrivacySettings = Object.fromEntries(
    CONTROLS.map((c) => [c.key, profile.privacySettings?.[c.key] ?? c.fallback]),
  );
  return (
    <section className="panel" aria-labelledby="privacy-heading">
      <h2 id="privacy-heading">Privacy Controls</h2>
      {CONTROLS.map((control) => (
        <label key={control.key} className="choice">
          <input
            type="checkbox"
            role="switch"
            aria-checked={current[control.key] ?? control.fallback}
            checked={current[control.key] ?? control.fallback}
            disabled={update.isPending}
            aria-describedby={`${control.key}-help`}
            onChange={(e) => update.mutate({ privacySettings: { ...current, [control.key]: e.target.checked } })}
          />
          <span>
            <strong>{control.label}</strong>
            <br />
            <span id={`${control.key}-help`} className="small muted">
              {control.help}
            </span>
          </span>
        </label>
      ))}
    </section>
  );
}
