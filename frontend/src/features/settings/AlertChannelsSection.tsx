import { PushSubscriptionList } from "@lg/domain/push/web-contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { getChecked } from "../../api/client";
import type { Profile } from "../../api/types";
import { Checkbox } from "../../ui/Choices";
import { emailLabel, noReachWarning, smsLabel } from "../alerts/alert-reach";
import { useUpdateProfile } from "../preferences/use-update-profile";
import { useBrowserPush } from "../push/use-browser-push";

/**
 * Where alerts go: email and text, each offered only where the account has the address, and a
 * warning when no chosen channel reaches the person (push counts when any of their browsers is subscribed).
 */
export function AlertChannelsSection({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const push = useBrowserPush();
  const saved = profile.notificationSettings ?? {};
  const [form, setForm] = useState({ email: saved.email === true, sms: saved.sms === true });
  useEffect(() => setForm({ email: saved.email === true, sms: saved.sms === true }), [saved.email, saved.sms]);
  // Push reaches the person through any browser they subscribed, this one or another.
  const browsers = useQuery({
    queryKey: ["/api/push/subscriptions"],
    queryFn: getChecked(PushSubscriptionList),
  });
  const contact = { email: profile.email, phone: profile.phone };
  const pushable = push.state?.kind === "on" || (browsers.data?.subscriptions.length ?? 0) > 0;
  // What is saved decides what reaches the person; the form's unsaved ticks do not. Not said before
  // the subscribed browsers are known, so a push-only person is never told wrongly that nothing reaches them.
  const warning = browsers.isPending ? null : noReachWarning(contact, saved, pushable);

  return (
    <section className="panel" aria-labelledby="alert-channels-heading">
      <h2 id="alert-channels-heading">Alert channels</h2>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate({ notificationSettings: { ...saved, ...form } });
        }}
      >
        <Checkbox
          label={emailLabel(contact)}
          checked={form.email}
          disabled={!contact.email}
          onChange={(email) => setForm({ ...form, email })}
        />
        <Checkbox
          label={smsLabel(contact)}
          checked={form.sms}
          disabled={!contact.phone}
          onChange={(sms) => setForm({ ...form, sms })}
        />
        {warning ? (
          <p role="alert" className="banner">
            {warning}
          </p>
        ) : null}
        <div>
          <button type="submit" className="btn btn-primary" disabled={update.isPending}>
            {update.isPending ? "Saving..." : "Save Alert Channels"}
          </button>
        </div>
      </form>
    </section>
  );
}
