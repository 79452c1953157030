import { type FormEvent, useState } from "react";
import type { NotificationSettings, Sensitivity } from "../../api/types";
import { SENSITIVITY_OPTIONS } from "../../content/marketing";
import { Checkbox, RadioGroup } from "../../ui/Choices";
import { type AccountContact, emailLabel, noReachWarning, smsLabel } from "../alerts/alert-reach";
import { useBrowserPush } from "../push/use-browser-push";
import { SaveStepNav } from "./SaveStepNav";

type Frequency = "immediate" | "daily" | "weekly";
const FREQUENCIES: { value: Frequency; label: string }[] = [
  { value: "immediate", label: "Immediate" },
  { value: "daily", label: "Daily digest" },
  { value: "weekly", label: "Weekly digest" },
];

/** The alert settings the step asks for, each chosen. */
export type AlertChoice = Required<Pick<NotificationSettings, "email" | "push" | "sms" | "frequency" | "sensitivity">>;

export function AlertPreferencesStep(props: {
  initial?: NotificationSettings;
  /** The account's email address and phone number: which channels can reach it (the demo has neither, and is not warned). */
  contact?: AccountContact;
  /** A signed-in person: choosing push subscribes this browser, as in Settings; the demo only fills the form. */
  live: boolean;
  pending: boolean;
  /** What the step chose; the server keeps the account's other settings (PUT /api/profile merges them). */
  onSubmit: (settings: AlertChoice) => void;
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
  const contact = props.contact;
  // Push left ticked is subscribed on submit (and unticked if the browser refuses), so it counts as reaching.
  const warning = props.live && contact ? noReachWarning(contact, { ...form, push: pushChosen }, true) : null;

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
    props.onSubmit({ ...form, push: pushChosen });
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="form" aria-labelledby="alert-step-heading">
      <h2 id="alert-step-heading">Alert preferences</h2>
      <fieldset>
        <legend>Channels</legend>
        <Checkbox
          label={contact ? emailLabel(contact) : "Email"}
          checked={form.email}
          disabled={Boolean(contact && !contact.email)}
          onChange={(email) => setForm({ ...form, email })}
        />
        <Checkbox
          label="Push notifications"
          checked={pushChosen}
          disabled={push.working || pushRefused}
          onChange={(on) => void choosePush(on)}
        />
        {props.live && push.working && <p className="small muted">Setting up push notifications…</p>}
        {props.live && push.message && (
          <p role="alert" className="small">
            {push.message}
          </p>
        )}
        <Checkbox
          label={contact ? smsLabel(contact) : "SMS (critical threats only)"}
          checked={form.sms}
          disabled={Boolean(contact && !contact.phone)}
          onChange={(sms) => setForm({ ...form, sms })}
        />
        {warning ? (
          <p role="alert" className="small">
            {warning}
          </p>
        ) : null}
      </fieldset>
      <RadioGroup
        legend="Frequency"
        name="alert-frequency"
        options={FREQUENCIES}
        value={form.frequency}
        onChange={(frequency) => setForm({ ...form, frequency })}
      />
      <RadioGroup
        legend="Sensitivity"
        name="alert-sensitivity"
        options={SENSITIVITY_OPTIONS}
        value={form.sensitivity}
        onChange={(sensitivity) => setForm({ ...form, sensitivity })}
      />
      <SaveStepNav pending={props.pending} disabled={push.working} onPrevious={props.onPrevious} />
    </form>
  );
}
