import { lazy, Suspense, useEffect, useRef } from "react";
import { Route, Routes, useLocation } from "react-router-dom";
import { Spinner } from "../ui/Spinner";
import Landing from "./landing";

// One chunk per route keeps the first load small. The landing page is the one most people open
// first, so it ships in the entry chunk instead of costing a second round trip.
const Features = lazy(() => import("./features"));
const Pricing = lazy(() => import("./pricing"));
const Dashboard = lazy(() => import("./dashboard"));
const Signup = lazy(() => import("./signup"));
const Signin = lazy(() => import("./signin"));
const ForgotPassword = lazy(() => import("./forgot-password"));
const UndoChange = lazy(() => import("./undo-change"));
const SetupStepRedirect = lazy(() => import("./setup-step-redirect"));
const BiometricTraining = lazy(() => import("./biometric-training"));
const Onboarding = lazy(() => import("./onboarding"));
const GuidedDemo = lazy(() => import("./guided-demo"));
const Settings = lazy(() => import("./settings"));
const Status = lazy(() => import("./status"));
const TakedownCentre = lazy(() => import("../features/takedowns/TakedownCentrePage"));
const People = lazy(() => import("../features/people/PeoplePage"));
const Invite = lazy(() => import("../features/people/InvitePage"));
const Team = lazy(() => import("../features/team/TeamPage"));
const JoinTeam = lazy(() => import("../features/team/JoinTeamPage"));
const Privacy = lazy(() => import("./privacy"));
const Terms = lazy(() => import("./terms"));
const DmcaPolicy = lazy(() => import("./dmca-policy"));
const Compliance = lazy(() => import("./compliance"));
const RegisteredImages = lazy(() => import("../features/registered-images/RegisteredImagesPage"));
const Integrations = lazy(() => import("../features/integrations/IntegrationsPage"));
const ApiDocs = lazy(() => import("./api-docs"));
const NotFound = lazy(() => import("./not-found"));

/**
 * Moves focus to the page's main landmark after each navigation so screen readers announce the new
 * page. Not on the first load: the browser starts at the top, so the first Tab reaches the skip link
 * and the navigation (issue 36 item 20: focusing main on load made it skip both).
 */
function FocusOnNavigate() {
  const { pathname } = useLocation();
  const firstLoad = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect must run on every path change
  useEffect(() => {
    if (firstLoad.current) {
      firstLoad.current = false;
      return;
    }
    window.scrollTo?.(0, 0);
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<Spinner label="Loading…" />}>
      <FocusOnNavigate />
      <Routes>
        <Route path="/" element={<Landing />} />
        <Route path="/features" element={<Features />} />
        <Route path="/pricing" element={<Pricing />} />
        <Route path="/dashboard" element={<Dashboard />} />
        <Route path="/signup" element={<Signup />} />
        <Route path="/signin" element={<Signin />} />
        <Route path="/forgot-password" element={<ForgotPassword />} />
        <Route path="/undo-change" element={<UndoChange />} />
        <Route path="/profile-setup" element={<SetupStepRedirect step="identity" />} />
        <Route path="/biometric-training" element={<BiometricTraining />} />
        <Route path="/scan-preferences" element={<SetupStepRedirect step="platforms" />} />
        <Route path="/onboarding" element={<Onboarding />} />
        <Route path="/demo/guided" element={<GuidedDemo />} />
        <Route path="/settings" element={<Settings />} />
        <Route path="/status" element={<Status />} />
        <Route path="/takedowns" element={<TakedownCentre />} />
        <Route path="/takedowns/:id" element={<TakedownCentre />} />
        <Route path="/people" element={<People />} />
        <Route path="/invite/:token" element={<Invite />} />
        <Route path="/team" element={<Team />} />
        <Route path="/team/join" element={<JoinTeam />} />
        <Route path="/privacy" element={<Privacy />} />
        <Route path="/terms" element={<Terms />} />
        <Route path="/dmca-policy" element={<DmcaPolicy />} />
        <Route path="/compliance" element={<Compliance />} />
        <Route path="/protect-images" element={<RegisteredImages />} />
        <Route path="/integrations" element={<Integrations />} />
        <Route path="/docs/api" element={<ApiDocs />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}
