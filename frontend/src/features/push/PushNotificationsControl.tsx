import type { Profile } from "../../api/types";
import { useUpdateProfile } from "../preferences/use-update-profile";
import { useBrowserPush } from "./use-browser-push";

/**
 * "Push notifications" for this browser: asks permission, subscribes with the server's VAPID key and
 * registers the subscription; turning it on also chooses the push alert channel. Every way the
 * browser can refuse is said in words, since push is never guaranteed to be available.
 */
export default function PushNotificationsControl({ profile }: { profile: Profile }) {
  const push = useBrowserPush();
  const update = useUpdateProfile({ successToast: false });

  const toggle = async (on: boolean) => {
    const next = await push.turn(on);
    if (next?.kind === "on" && profile.notificationSettings?.push === false) {
      update.mutate({ notificationSettings: { ...profile.notificationSettings, push: true } });
    }
  };

  return (
    <section className="panel" aria-labelledby="push-heading">
      <h2 id="push-heading">Push notifications</h2>
      <label className="choice">
        <input
          type="checkbox"
          role="switch"
          checked={push.state?.kind === "on"}
          aria-checked={push.state?.kind === "on"}
          disabled={push.working || push.state === undefined || push.state.kind === "unsupported"}
          aria-describedby="push-help"
          onChange={(e) => void toggle(e.target.checked)}
        />
        <span>
          <strong>Push notifications on this browser</strong>
          <br />
          <span id="push-help" className="small muted">
            Alerts appear as notifications even when LikenessGuard is closed. They name the platform and match level,
            never your face or voice data.
          </span>
        </span>
      </label>
      {push.working && <p className="small muted">Setting up push notifications…</p>}
      {push.message && (
        <p role="alert" className="small">
          {push.message}
        </p>
      )}
    </section>
  );
}
