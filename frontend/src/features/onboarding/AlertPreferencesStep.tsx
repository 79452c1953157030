import { type FormEvent, useState } from "react";
import type { NotificationSettings, Sensitivity } from "../../api/types";
import { SENSITIVITY_LEVELS } from "../../content/marketing";
import { useBrowserPush } from "../push/use-browser-push";

type Frequency = "immediate" | "daily" | "weekly";
const FREQUENCIES: { value: Frequency; label: string }[] = [
  { value: "immediate", label: "Immediate" },
  { value: "daily", label: "Daily digest" },
  { value: "weekly", label: "Weekly digest" },
];

export function AlertPreferencesStep(props: {
  initial?: NotificationSettings;
  /** A signed-in person: choosing push subscribes this browser, as in Settings; the demo only fills the form. */
  live: boolean;
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
  const push = useBrowserPush();
  // A browser that cannot show notifications cannot be the push channel, whatever the default says.
  const pushRefused = props.live && (push.state?.kind === "unsupported" || push.state?.kind === "blocked");
  const pushChosen = form.push && !pushRefused;

  /** Push chosen here subscribes this browser, so that the alerts it asks for can arrive. */
  const subscribed = async () => !props.live || push.state?.kind === "on" || (await push.turn(true))?.kind === "on";

  const choosePush = async (on: boolean) => {
    setForm((f) => ({ ...f, push: on }));
    if (on && !(await subscribed())) setForm((f) => ({ ...f, push: false }));
  };

  // Push left on from the default is subscribed on submit (a click, so the browser may ask permission);
  // refused, the step stays, saying why, with push off for the person to continue without it.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pushChosen && !(await subscribed())) return setForm((f) => ({ ...f, push: false }));
    props.onSubmit({ ...props.initial, ...form, push: pushChosen });
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="form" aria-labelledby="alert-step-heading">
      <h2 id="alert-step-heading">Alert preferences</h2>
      <fieldset>
        <legend>Channels</legend>
        <label className="choice">
          <input type="checkbox" checked={form.email} onChange={(e) => setForm({ ...form, email: e.target.checked })} />
          <span>Email</span>
        </label>
        <label className="choice">
          <input
            type="checkbox"
            checked={pushChosen}
            disabled={push.working || pushRefused}
            onChange={(e) => void choosePush(e.target.checked)}
          />
          <span>Push notifications</span>
        </label>
        {props.live && push.working && <p className="small muted">Setting up push notifications…</p>}
        {props.live && push.message && (
          <p role="alert" className="small">
            {push.message}
          </p>
        )}
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
        <button type="submit" className="btn btn-primary" disabled={props.pending || push.working}>
          {props.pending ? "Saving..." : "Save and Continue"}
        </button>
      </div>
    </form>
  );
}
