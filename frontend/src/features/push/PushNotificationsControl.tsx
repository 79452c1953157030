import { useEffect, useState } from "react";
import { isUnauthorizedError, serverMessage } from "../../api/errors";
import type { Profile } from "../../api/types";
import { useUpdateProfile } from "../preferences/use-update-profile";
import { currentPushState, disablePush, enablePush, type PushState } from "./browser-push";

const BLOCKED =
  "Notifications are blocked for this site. Allow them in your browser's site settings, then turn push on again.";

/**
 * "Push notifications" for this browser: asks permission, subscribes with the server's VAPID key and
 * registers the subscription; turning it on also chooses the push alert channel. Every way the
 * browser can refuse is said in words, since push is never guaranteed to be available.
 */
export default function PushNotificationsControl({ profile }: { profile: Profile }) {
  const [state, setState] = useState<PushState | undefined>();
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const update = useUpdateProfile({ successToast: false });

  useEffect(() => {
    currentPushState().then(setState, (error: Error) => setProblem(error.message));
  }, []);

  const toggle = async (on: boolean) => {
    setWorking(true);
    setProblem(undefined);
    try {
      const next = on ? await enablePush() : await disablePush();
      setState(next);
      if (next.kind === "blocked") setProblem(BLOCKED);
      if (next.kind === "on" && profile.notificationSettings?.push === false) {
        update.mutate({ notificationSettings: { ...profile.notificationSettings, push: true } });
      }
    } catch (error) {
      // A 401 is answered by the global handler (toast and login redirect).
      if (!isUnauthorizedError(error)) setProblem(serverMessage(error));
    } finally {
      setWorking(false);
    }
  };

  const unsupported = state?.kind === "unsupported" ? state.reason : undefined;
  return (
    <section className="panel" aria-labelledby="push-heading">
      <h2 id="push-heading">Push notifications</h2>
      <label className="choice">
        <input
          type="checkbox"
          role="switch"
          checked={state?.kind === "on"}
          aria-checked={state?.kind === "on"}
          disabled={working || state === undefined || unsupported !== undefined}
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
      {working && <p className="small muted">Setting up push notifications…</p>}
      {(problem ?? unsupported ?? (state?.kind === "blocked" ? BLOCKED : undefined)) && (
        <p role="alert" className="small">
          {problem ?? unsupported ?? BLOCKED}
        </p>
      )}
    </section>
  );
}
