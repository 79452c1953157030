import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import type { NotificationSettings, ScanPreferences } from "../api/types";
import { signIn } from "../auth/session-navigation";
import { useAuth } from "../auth/use-auth";
import { BRAND } from "../content/marketing";
import { ActivatedStep } from "../features/onboarding/ActivatedStep";
import { AlertPreferencesStep } from "../features/onboarding/AlertPreferencesStep";
import { FaceStep } from "../features/onboarding/FaceStep";
import { ScanPreferencesStep } from "../features/onboarding/ScanPreferencesStep";
import { VoiceStep } from "../features/onboarding/VoiceStep";
import { profileQuery } from "../features/preferences/profile-query";
import { useUpdateProfile } from "../features/preferences/use-update-profile";
import { Main } from "../ui/Page";
import { ProgressBar } from "../ui/ProgressBar";
import { Spinner } from "../ui/Spinner";

const STEPS = 5;

export default function OnboardingRoute() {
  const [params] = useSearchParams();
  const demo = params.get("demo");
  const auth = useAuth();
  // Signed-in people enrol for real; a demo visitor without an account walks through simulated steps.
  const live = auth.isAuthenticated;
  const profile = useQuery(profileQuery(live));
  const zeroKnowledge = profile.data?.privacySettings?.zeroKnowledge === true;
  const update = useUpdateProfile({ successToast: false });
  const [step, setStep] = useState(1);
  const [faceDone, setFaceDone] = useState(false);
  const [voiceDone, setVoiceDone] = useState(false);
  const heading = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (profile.data?.faceEnrolled) setFaceDone(true);
    if (profile.data?.voiceEnrolled) setVoiceDone(true);
  }, [profile.data]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves to the header each time the step changes
  useEffect(() => {
    heading.current?.focus();
  }, [step]);

  if (auth.isLoading) return <Spinner label="Loading…" />;
  if (!live && !demo) {
    return (
      <Main className="container narrow wizard">
        <h1>Set up your protection</h1>
        <p>Sign in to enrol your face and voice, or try the setup with demo data.</p>
        <div className="button-row">
          <button type="button" className="btn btn-primary" onClick={() => signIn()}>
            Sign In
          </button>
          <Link to="/onboarding?demo=personal" className="btn btn-secondary">
            Try the demo setup
          </Link>
        </div>
      </Main>
    );
  }

  const save = (body: { scanPreferences: ScanPreferences } | { notificationSettings: NotificationSettings }) => {
    if (!live) return setStep((s) => s + 1);
    update.mutate(body, { onSuccess: () => setStep((s) => s + 1) });
  };

  const canContinue = step === 1 ? faceDone || !live : step === 2 ? voiceDone || !live : true;
  return (
    <Main className="container narrow wizard">
      <Link to="/" className="brand">
        {BRAND}
      </Link>
      {demo ? (
        <p className="banner banner-demo" role="note">
          <strong>Demo Mode</strong>: all data is simulated.
        </p>
      ) : null}
      <div className="wizard-header" ref={heading} tabIndex={-1}>
        <h1 style={{ fontSize: "1.6rem" }}>Set up your protection</h1>
        <p className="small muted">
          Step {step} of {STEPS}
        </p>
        <ProgressBar value={(step / STEPS) * 100} label={`Step ${step} of ${STEPS}`} />
      </div>
      <div className="panel">
        {step === 1 ? (
          <FaceStep live={live} done={faceDone} onDone={() => setFaceDone(true)} zeroKnowledge={zeroKnowledge} />
        ) : null}
        {step === 2 ? (
          <VoiceStep live={live} done={voiceDone} onDone={() => setVoiceDone(true)} zeroKnowledge={zeroKnowledge} />
        ) : null}
        {step === 3 ? (
          <ScanPreferencesStep
            initial={profile.data?.scanPreferences}
            pending={update.isPending}
            onPrevious={() => setStep(2)}
            onSubmit={(scanPreferences) => save({ scanPreferences })}
          />
        ) : null}
        {step === 4 ? (
          <AlertPreferencesStep
            live={live}
            initial={profile.data?.notificationSettings}
            pending={update.isPending}
            onPrevious={() => setStep(3)}
            onSubmit={(notificationSettings) => save({ notificationSettings })}
          />
        ) : null}
        {step === 5 ? <ActivatedStep demo={demo} profile={profile.data} /> : null}
        {step <= 2 ? (
          <div className="wizard-nav">
            {step === 1 ? (
              <Link to="/" className="btn btn-secondary">
                Back
              </Link>
            ) : (
              <button type="button" className="btn btn-secondary" onClick={() => setStep(1)}>
                Previous
              </button>
            )}
            <button type="button" className="btn btn-primary" disabled={!canContinue} onClick={() => setStep(step + 1)}>
              Next
            </button>
          </div>
        ) : step === 5 ? (
          <div className="wizard-nav">
            <button type="button" className="btn btn-secondary" onClick={() => setStep(4)}>
              Previous
            </button>
          </div>
        ) : null}
      </div>
    </Main>
  );
}
