import { type FormEvent, useState } from "react";
import { Link } from "react-router-dom";
import type { MembershipTier, ScanFrequency, Sensitivity } from "../../api/types";
import { PLANS, priceLabel, SENSITIVITY_OPTIONS } from "../../content/marketing";
import { FieldError } from "../../ui/FieldError";
import { SelectField } from "../../ui/SelectField";
import { frequenciesForTier, platformsForTier } from "../platforms/catalogue";
import { PlatformChecklist } from "../platforms/PlatformChecklist";
import { changeTier, type ScanSetupErrors, type ScanSetupValues, validateScanSetup } from "./validate-scan-setup";

export interface ScanSetupSubmit {
  platforms: string[];
  scanFrequency: ScanFrequency;
  alertSensitivity: Sensitivity;
  autoTakedown: boolean;
  /** Only in the demo: a signed-in account's plan is billing's, never sent by the app. */
  membershipTier?: MembershipTier;
}

export function ScanSetupForm(props: {
  initialTier: MembershipTier;
  /** A signed-in account's plan: shown, not chosen here (it changes through billing). */
  billedTier?: MembershipTier;
  /** What a signed-in account has saved: the form opens on it, so saving changes only what the person changes. */
  saved?: Omit<ScanSetupSubmit, "membershipTier">;
  pending: boolean;
  onSubmit: (v: ScanSetupSubmit) => void;
}) {
  const [values, setValues] = useState<ScanSetupValues>({
    platforms: props.saved?.platforms ?? [],
    scanFrequency: props.saved?.scanFrequency ?? "",
    alertSensitivity: props.saved?.alertSensitivity ?? "high",
    autoTakedown: props.saved?.autoTakedown ?? false,
    membershipTier: props.billedTier ?? props.initialTier,
  });
  const [errors, setErrors] = useState<ScanSetupErrors>({});
  const tier = values.membershipTier || "personal";
  const platforms = platformsForTier(tier);
  const frequencies = frequenciesForTier(tier);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateScanSetup(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const { membershipTier, ...chosen } = values as ScanSetupSubmit;
    props.onSubmit(props.billedTier ? chosen : { ...chosen, membershipTier });
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      {props.billedTier ? (
        <p className="panel">
          Your plan: <strong>{PLANS.find((p) => p.tier === props.billedTier)?.name}</strong>. The platforms and scan
          frequencies below are the ones it includes. <Link to="/pricing">Change plan</Link>
        </p>
      ) : (
        <fieldset className="card-grid three">
          <legend>Plan</legend>
          {PLANS.map((plan) => (
            <label key={plan.tier} className={`card selectable${tier === plan.tier ? " is-selected" : ""}`}>
              <span className="card-select">
                <input
                  type="radio"
                  name="membershipTier"
                  checked={tier === plan.tier}
                  onChange={() => setValues((v) => changeTier(v, plan.tier, frequenciesForTier(plan.tier)))}
                />
                {plan.name}
              </span>
              <span className="small">{priceLabel(plan)}</span>
              <span className="small muted">
                {plan.platformsLabel} · {plan.scanFrequencyLabel}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <FieldError id="tier-error" message={errors.membershipTier} />
      <PlatformChecklist
        platforms={platforms}
        chosen={values.platforms}
        onChange={(chosen) => setValues((v) => ({ ...v, platforms: chosen }))}
        error={errors.platforms}
        errorId="platforms-error"
      />
      <div className="form-row">
        <SelectField
          id="scan-frequency"
          label="Scan frequency"
          placeholder="Select frequency"
          options={frequencies.map((f) => ({ value: f, label: `${f[0]?.toUpperCase()}${f.slice(1)}` }))}
          value={values.scanFrequency}
          onChange={(scanFrequency) => setValues((v) => ({ ...v, scanFrequency }))}
          error={errors.scanFrequency}
          errorId="frequency-error"
        />
        <SelectField
          id="alert-sensitivity"
          label="Alert sensitivity"
          placeholder="Select sensitivity"
          options={SENSITIVITY_OPTIONS}
          value={values.alertSensitivity}
          onChange={(alertSensitivity) => setValues((v) => ({ ...v, alertSensitivity }))}
          error={errors.alertSensitivity}
          errorId="sensitivity-error"
        />
      </div>
      {tier !== "personal" ? (
        <label className="choice">
          <input
            type="checkbox"
            checked={values.autoTakedown}
            onChange={(e) => setValues((v) => ({ ...v, autoTakedown: e.target.checked }))}
          />
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
      <button type="submit" className="btn btn-primary btn-lg" disabled={props.pending}>
        {props.saved
          ? props.pending
            ? "Saving..."
            : "Save Scan Preferences"
          : props.pending
            ? "Activating..."
            : "Activate AI Protection"}
      </button>
    </form>
  );
}
