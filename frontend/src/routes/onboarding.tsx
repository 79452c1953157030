import { Profile } from "@lg/domain/accounts/web-contract";
import type { ScanPreferencesRequest } from "@lg/domain/accounts/web-requests";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { apiJson } from "../api/client";
import { serverMessage } from "../api/errors";
import { signIn } from "../auth/session-navigation";
import { useAuth } from "../auth/use-auth";
import { consentQuery } from "../features/consent/ConsentGate";
import { parseDemoType } from "../features/demo/demo-session";
import { ActivatedStep } from "../features/onboarding/ActivatedStep";
import { type AlertChoice, AlertPreferencesStep } from "../features/onboarding/AlertPreferencesStep";
import { ConsentStep } from "../features/onboarding/ConsentStep";
import { FirstScanStep } from "../features/onboarding/FirstScanStep";
import { IdentityStep, type IdentityValues } from "../features/onboarding/IdentityStep";
import { LiveFaceStep } from "../features/onboarding/LiveFaceStep";
import { type PlatformChoice, PlatformsStep } from "../features/onboarding/PlatformsStep";
import { VoiceStep } from "../features/onboarding/VoiceStep";
import { PROFILE_KEY, profileQuery } from "../features/preferences/profile-query";
import { useUpdateProfile } from "../features/preferences/use-update-profile";
import { Main, WizardPage } from "../ui/Page";
import { ProgressBar } from "../ui/ProgressBar";
import { Spinner } from "../ui/Spinner";
import { toast } from "../ui/toast-store";

/** In the order protection needs them; the dashboard's checklist links to each by id (?step=). */
const STEPS = ["consent", "identity", "platforms", "face", "voice", "alerts", "scan"] as const;
type StepId = (typeof STEPS)[number];

const stepFrom = (param: string | null) => {
  const index = STEPS.indexOf(param as StepId);
  return index >= 0 ? index + 1 : 1;
};

/** Where a link into one part of the setup may send the person back to once that part is done (never elsewhere). */
const RETURN_PAGES = ["/settings", "/people", "/dashboard"];
/** A part's last step: enrolling "your face and voice" from People ends after the voice. */
const PART_END: Partial<Record<StepId, StepId>> = { face: "voice" };

export default function OnboardingRoute() {
  const [params, setParams] = useSearchParams();
  const demo = params.get("demo");
  const demoTier = parseDemoType(demo);
  const auth = useAuth();
  const queryClient = useQueryClient();
  // Signed-in people set up for real; a demo visitor without an account walks through simulated steps.
  const live = auth.isAuthenticated;
  const profile = useQuery(profileQuery(live));
  const consent = useQuery(consentQuery(live));
  const zeroKnowledge = profile.data?.privacySettings?.zeroKnowledge === true;
  const update = useUpdateProfile({ successToast: false });
  // The step lives in the URL, one history entry per step, so the browser's Back goes to the
  // previous step and stays in the wizard (issue 36 item 15).
  const step = stepFrom(params.get("step"));
  const setStep = (to: (s: number) => number) =>
    setParams((current) => {
      const moved = new URLSearchParams(current);
      moved.set("step", STEPS[to(step) - 1] ?? "consent");
      return moved;
    });
  const [voiceDone, setVoiceDone] = useState(false);
  const heading = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  // Opened at one part (Settings' platforms, People's face and voice): done with it, back to that page.
  const [linked] = useState(() => STEPS[stepFrom(params.get("step")) - 1] ?? "consent");
  const returnTo = RETURN_PAGES.find((page) => page === params.get("from"));
  const partEnd = PART_END[linked] ?? linked;
  const id = STEPS[step - 1] ?? "consent";
  const next = () => {
    if (returnTo && id === partEnd) {
      toast({ title: "Saved", description: "Your setup is updated." });
      navigate(returnTo);
      return;
    }
    setStep((s) => Math.min(s + 1, STEPS.length));
  };
  const previous = () => setStep((s) => Math.max(s - 1, 1));

  const choosePlatforms = useMutation({
    mutationFn: (choice: PlatformChoice) =>
      apiJson("POST", "/api/scan-preferences", choice satisfies ScanPreferencesRequest, Profile),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
      next();
    },
    onError: (error) =>
      toast({ title: "Platforms not saved", description: serverMessage(error), variant: "destructive" }),
  });

  useEffect(() => {
    if (profile.data?.voiceEnrolled) setVoiceDone(true);
  }, [profile.data]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves to the header each time the step changes
  useEffect(() => {
    heading.current?.focus();
  }, [step]);

  if (auth.isLoading || (live && (profile.isLoading || consent.isLoading))) return <Spinner label="Loading…" />;
  if (!live && !demo) {
    return (
      <Main className="container narrow wizard">
        <h1>Set up your protection</h1>
        <p>Sign in to set up your protection, or try the setup with demo data.</p>
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

  const saveIdentity = (identity: IdentityValues) => (live ? update.mutate({ identity }, { onSuccess: next }) : next());
  const saveAlerts = (notificationSettings: AlertChoice) =>
    live ? update.mutate({ notificationSettings }, { onSuccess: next }) : next();
  const savePlatforms = (choice: PlatformChoice) => (live ? choosePlatforms.mutate(choice) : next());

  // Steps with a sample to take continue once it is taken; the person may also skip them for now.
  // An uploaded photo counts as taken: the step says plainly it is not searched until verified.
  const taken: Partial<Record<StepId, boolean>> = {
    consent: !live || consent.data?.required === false,
    face: !live || zeroKnowledge || Boolean(profile.data?.faceVerified || profile.data?.faceEnrolled),
    voice: !live || zeroKnowledge || voiceDone,
  };
  const sharedNav = id === "consent" || id === "face" || id === "voice";
  return (
    <WizardPage>
      {demo ? (
        <p className="banner banner-demo" role="note">
          <strong>Demo Mode</strong>: all data is simulated.
        </p>
      ) : null}
      <div className="wizard-header" ref={heading} tabIndex={-1}>
        <h1 style={{ fontSize: "1.6rem" }}>Set up your protection</h1>
        <p className="small muted">
          Step {step} of {STEPS.length}
        </p>
        <ProgressBar value={(step / STEPS.length) * 100} label={`Step ${step} of ${STEPS.length}`} />
      </div>
      <div className="panel">
        {id === "consent" ? <ConsentStep live={live} {...(consent.data ? { consent: consent.data } : {})} /> : null}
        {id === "identity" ? (
          <IdentityStep
            {...(profile.data ? { initial: profile.data } : {})}
            pending={update.isPending}
            onPrevious={previous}
            onSubmit={saveIdentity}
          />
        ) : null}
        {id === "platforms" ? (
          <PlatformsStep
            {...(profile.data ? { profile: profile.data } : {})}
            {...(demoTier ? { tier: demoTier } : {})}
            pending={choosePlatforms.isPending}
            onPrevious={previous}
            onSubmit={savePlatforms}
          />
        ) : null}
        {id === "face" ? (
          live ? (
            <LiveFaceStep {...(profile.data ? { profile: profile.data } : {})} zeroKnowledge={zeroKnowledge} />
          ) : (
            <section aria-labelledby="face-heading">
              <h2 id="face-heading">Your face</h2>
              <p className="banner banner-demo">Demo mode: the camera needs an account, so this step is simulated.</p>
            </section>
          )
        ) : null}
        {id === "voice" ? (
          <VoiceStep
            live={live}
            done={voiceDone}
            verified={!live || Boolean(profile.data?.voiceVerified)}
            onDone={() => setVoiceDone(true)}
            zeroKnowledge={zeroKnowledge}
          />
        ) : null}
        {id === "alerts" ? (
          <AlertPreferencesStep
            live={live}
            {...(profile.data?.notificationSettings ? { initial: profile.data.notificationSettings } : {})}
            {...(profile.data ? { contact: { email: profile.data.email, phone: profile.data.phone } } : {})}
            pending={update.isPending}
            onPrevious={previous}
            onSubmit={saveAlerts}
          />
        ) : null}
        {id === "scan" ? (
          live && profile.data ? (
            <FirstScanStep profile={profile.data} />
          ) : (
            <ActivatedStep demo={demo} />
          )
        ) : null}
        {sharedNav ? (
          <div className="wizard-nav">
            {step === 1 ? (
              <Link to="/" className="btn btn-secondary">
                Back
              </Link>
            ) : (
              <button type="button" className="btn btn-secondary" onClick={previous}>
                Previous
              </button>
            )}
            {id !== "consent" && !taken[id] ? (
              <button type="button" className="btn btn-secondary" onClick={next}>
                Skip for now
              </button>
            ) : null}
            <button type="button" className="btn btn-primary" disabled={!taken[id]} onClick={next}>
              Next
            </button>
          </div>
        ) : null}
      </div>
    </WizardPage>
  );
}
