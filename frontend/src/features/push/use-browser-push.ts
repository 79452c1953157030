import { useCallback, useEffect, useRef, useState } from "react";
import { isUnauthorizedError, serverMessage } from "../../api/errors";
import { currentPushState, disablePush, enablePush, type PushState } from "./browser-push";

export const PUSH_BLOCKED_MESSAGE =
  "Notifications are blocked for this site. Allow them in your browser's site settings, then turn push on again.";

/** What to tell the person about push in this browser, read from where push stands: nothing when it can work. */
function stateMessage(state: PushState | undefined): string | undefined {
  if (state?.kind === "unsupported") return state.reason;
  if (state?.kind === "blocked") return PUSH_BLOCKED_MESSAGE;
  return undefined;
}

/**
 * This browser's push subscription for every place that offers push (Settings, onboarding): where
 * it stands, turning it on or off, and what to say when the browser refuses. Where push stands is
 * read from the browser (permission and subscription), and read again when the permission changes,
 * so allowing notifications in site settings clears the blocked message without a reload.
 */
export function useBrowserPush() {
  const [state, setState] = useState<PushState | undefined>();
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  // A read of the browser that ends after a later read or change would show a stale state: only the latest counts.
  const latest = useRef(0);

  const refresh = useCallback(() => {
    const read = ++latest.current;
    currentPushState().then(
      (next) => read === latest.current && setState(next),
      (error: Error) => setProblem(error.message),
    );
  }, []);

  useEffect(() => {
    refresh();
    let permission: PermissionStatus | undefined;
    // The query may answer after the component is gone; a listener set then would never be removed.
    let mounted = true;
    navigator.permissions?.query({ name: "notifications" }).then(
      (status) => {
        if (!mounted) return;
        permission = status;
        status.onchange = refresh;
      },
      () => undefined,
    );
    return () => {
      mounted = false;
      if (permission) permission.onchange = null;
    };
  }, [refresh]);

  /** The state push ended in, or undefined when setting it up failed (the message says why). */
  const turn = async (on: boolean): Promise<PushState | undefined> => {
    latest.current++;
    setWorking(true);
    setProblem(undefined);
    try {
      const next = on ? await enablePush() : await disablePush();
      setState(next);
      return next;
    } catch (error) {
      // A 401 is answered by the global handler (toast and login redirect).
      if (!isUnauthorizedError(error)) setProblem(serverMessage(error));
      return undefined;
    } finally {
      setWorking(false);
    }
  };

  return { state, working, message: problem ?? stateMessage(state), turn };
}
