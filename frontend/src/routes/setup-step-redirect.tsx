import { Navigate, useSearchParams } from "react-router-dom";

/**
 * The spec's routes of the old four-step flow (/profile-setup, /scan-preferences) lead into the one
 * setup flow, at the step that collects the same things, which opens on what is saved. The demo is kept.
 */
export default function SetupStepRedirect({ step }: { step: "identity" | "platforms" }) {
  const [params] = useSearchParams();
  const demo = params.get("demo");
  const query = new URLSearchParams({ step, ...(demo ? { demo } : {}) });
  return <Navigate to={`/onboarding?${query}`} replace />;
}
