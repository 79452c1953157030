import { type FormEvent, useState } from "react";
import type { NotificationSettings, Sensitivity } from "../../api/types";
import { SENSITIVITY_LEVELS } from "../../content/marketing";

type Frequency = "immediate" | "daily" | "weekly";
const FREQUENCIES: { value: Frequency; label: string }[] = [
  { value: "immediate", label: "Immediate" },
  { value: "daily", label: "Daily digest" },
  { value: "weekly", label: "Weekly digest" },
];

export function AlertPreferencesStep(props: {
  initial?: NotificationSettings;
  pending: boolean;
  onSubmit: (settings: NotificationSettings) => void;
  onPrevious: () => void;
}) {
  const [form, setForm] = useState({
    email: props.initial?.email ?? true,
    push: props.initial?.push ?? true,
    sms: props.initial?.sms ?? false,
    frequency: (props.initial?.frequency ?? "immediate") as Frequency,
    sensitivity: (props.initial?.sensitivity ?? "high") as Sensitivity,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit({ ...props.initial, ...form });
  };
  return (
    <form onSubmit={submit} className="form" aria-labelledby="alert-step-heading">
      <h2 id="alert-step-heading">Alert preferences</h2>
      <fieldset>
        <legend>Channels</legend>
        <label className="choice">
          <input type="checkbox" checked={form.email} onChange={(e) => setForm({ ...form, email: e.target.checked })} />
          <span>Email</span>
        </label>
        <label className="choice">
          <input type="checkbox" checked={form.push} onChange={(e) => setForm({ ...form, push: e.target.checked })} />
          <span>Push notifications</span>
        </label>
        <label className="choice">
          <input type="checkbox" checked={form.sms} onChange={(e) => setForm({ ...form, sms: e.target.checked })} />
          <span>SMS (critical threats only)</span>
        </label>
      </fieldset>
      <fieldset>
        <legend>Frequency</legend>
        {FREQUENCIES.map((f) => (
          <label key={f.value} className="choice">
            <input
              type="radio"
              name="alert-frequency"
              checked={form.frequency === f.value}
              onChange={() => setForm({ ...form, frequency: f.value })}
            />
            <span>{f.label}</span>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Sensitivity</legend>
        {SENSITIVITY_LEVELS.map((level) => (
          <label key={level.value} className="choice">
            <input
              type="radio"
              name="alert-sensitivity"
              checked={form.sensitivity === level.value}
              onChange={() => setForm({ ...form, sensitivity: level.value })}
            />
            <span>
              {level.label} ({level.threshold})
            </span>
          </label>
        ))}
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
