import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import type { Threat } from "../api/types";
import { useAuth } from "../auth/use-auth";
import { DEMO_FACE_NOTE } from "../content/demo-personas";
import { CoverageStatement } from "../features/dashboard/CoverageStatement";
import { DashboardHeader } from "../features/dashboard/DashboardHeader";
import { type HealthFacts, ProtectionHealth } from "../features/dashboard/ProtectionHealth";
import { SetupChecklist } from "../features/dashboard/SetupChecklist";
import { StatCards } from "../features/dashboard/StatCards";
import {
  demoSetup,
  emptyListMessage,
  reconfigureLink,
  setupComplete,
  setupFromStats,
} from "../features/dashboard/setup-checklist";
import {
  DEMO_STATS,
  demoLastScanAt,
  parseDemoType,
  readDemoProfile,
  readDemoType,
  rememberDemoType,
} from "../features/demo/demo-session";
import { SiteFooter } from "../features/layout/SiteFooter";
import { profileQuery } from "../features/preferences/profile-query";
import { ForceScanButton } from "../features/scan/ForceScanButton";
import { useForceScan } from "../features/scan/use-force-scan";
import { useMay } from "../features/team/use-may";
import { activeThreatsQuery, demoThreatsQuery, statsQuery, threatDetailsQuery } from "../features/threats/queries";
import { ThreatList } from "../features/threats/ThreatList";
import { ThreatsChart } from "../features/threats/ThreatsChart";
import { ThreatTriage } from "../features/threats/ThreatTriage";
import { countByDay, lastDays } from "../features/threats/threats-over-time";
import { LoadFailed } from "../ui/LoadFailed";
import { Main } from "../ui/Page";
import { toast } from "../ui/toast-store";

const CHART_DAYS = 14;

// The dialogs are half the dashboard's code and open only on a click: each loads then, so the
// dashboard itself arrives and renders sooner (bench:web, issue 27 item 8).
const ThreatDetailsDialog = lazy(() =>
  import("../features/threats/ThreatDetailsDialog").then((m) => ({ default: m.ThreatDetailsDialog })),
);
const DmcaDialog = lazy(() => import("../features/threats/DmcaDialog").then((m) => ({ default: m.DmcaDialog })));
const DemoNoticeDialog = lazy(() =>
  import("../features/demo/DemoNoticeDialog").then((m) => ({ default: m.DemoNoticeDialog })),
);

export default function DashboardRoute() {
  const [params] = useSearchParams();
  const auth = useAuth();
  const demoParam = parseDemoType(params.get("demo"));
  // Signed-out visitors see the demo dashboard (spec section 2); ?demo= forces it for anyone. Only the
  // server's "signed out" counts: with the API unreachable the page says so, never shows the demo.
  const isDemo = demoParam !== null || auth.isSignedOut;
  const demoType = demoParam ?? readDemoType() ?? "personal";
  const isReal = !isDemo && auth.isAuthenticated;

  const stats = useQuery(statsQuery(isReal));
  // The list pages itself; Quick Actions weigh the strongest active threats.
  const threats = useQuery(activeThreatsQuery(isReal));
  const profile = useQuery(profileQuery(isReal));
  const demoThreats = useQuery(demoThreatsQuery(demoType, isDemo));
  const scan = useForceScan();
  const maySend = useMay("notices:send");
  const [details, setDetails] = useState<Threat | null>(null);
  const [dmca, setDmca] = useState<{ open: boolean; threat: Threat | null }>({ open: false, threat: null });
  // Several threats taken down at once: each notice is reviewed in turn, the next when one closes.
  const [takedownQueue, setTakedownQueue] = useState<Threat[]>([]);

  const threatList = isDemo ? demoThreats.data : threats.data;
  // Alert messages link each threat as /dashboard?threat=<id>: open its details, wherever it is in the list.
  const linkedThreatId = params.get("threat");
  const [openedLink, setOpenedLink] = useState<string | null>(null);
  const linkedDetails = useQuery(threatDetailsQuery(linkedThreatId ?? "", isReal && Boolean(linkedThreatId)));
  useEffect(() => {
    if (!linkedThreatId || openedLink === linkedThreatId) return;
    const linked = isDemo ? threatList?.find((t) => t.id === linkedThreatId) : linkedDetails.data;
    if (!linked) return;
    setDetails(linked);
    setOpenedLink(linkedThreatId);
  }, [linkedThreatId, openedLink, threatList, isDemo, linkedDetails.data]);
  const threatsLoading = isDemo ? demoThreats.isLoading : threats.isLoading || auth.isLoading;
  // A failed load is said, with its reason and a Retry: never zeros, "Not yet" or "secure" in its place.
  const statsFailure = isDemo
    ? demoThreats.isError
      ? { error: demoThreats.error, retry: () => void demoThreats.refetch() }
      : undefined
    : stats.isError
      ? { error: stats.error, retry: () => void stats.refetch() }
      : undefined;
  const profileFailure =
    !isDemo && profile.isError ? { error: profile.error, retry: () => void profile.refetch() } : undefined;
  const statsData = isDemo ? (demoThreats.isError ? undefined : DEMO_STATS[demoType]) : stats.data;
  const series = lastDays(stats.data?.threatsOverTime ?? countByDay(threatList ?? []), CHART_DAYS);
  const demoProfile = isDemo ? readDemoProfile(demoType) : null;
  useEffect(() => {
    if (demoParam) rememberDemoType(demoParam);
  }, [demoParam]);

  const health: HealthFacts = isDemo
    ? {
        faceTrained: true,
        voiceTrained: true,
        dataExpiryDays: 90,
        dataExpiresInDays: null,
        lastScanAt: demoLastScanAt(demoThreats.data),
      }
    : {
        faceTrained: Boolean(profile.data?.faceVerified ?? profile.data?.faceEnrolled),
        voiceTrained: Boolean(profile.data?.voiceEnrolled),
        ...(profile.data?.likenessEnrolment ? { likeness: profile.data.likenessEnrolment } : {}),
        dataExpiresInDays: profile.data?.dataExpiresInDays,
        dataExpiryDays: profile.data?.dataExpiryDays,
        lastScanAt: stats.data?.lastScanAt,
      };

  // A real account's checklist and coverage are the server's, read from its records; the demo persona is
  // simulated as fully set up, stated by the same rule with the demo's threats.
  const setup = isDemo
    ? threatList
      ? demoSetup(demoType, threatList, health.lastScanAt)
      : undefined
    : stats.data
      ? setupFromStats(stats.data)
      : undefined;
  const statsLoading = isDemo ? demoThreats.isLoading : stats.isLoading || auth.isLoading;
  const emptyMessage = emptyListMessage(setup);

  const openDmca = (threat: Threat | null) => {
    setDetails(null);
    setDmca({ open: true, threat });
  };
  const takeDownMany = (many: Threat[]) => {
    const [first, ...rest] = many;
    if (!first) return;
    setTakedownQueue(rest);
    openDmca(first);
  };
  const closeDmca = () => {
    const [next, ...rest] = takedownQueue;
    setTakedownQueue(rest);
    setDmca(next ? { open: true, threat: next } : { open: false, threat: null });
  };

  const forceScan = () => {
    if (!isDemo) return scan.start();
    void demoThreats.refetch();
    toast({ title: "Demo scan completed", description: "The simulated scan of the demo platforms has finished." });
  };

  return (
    <>
      <DashboardHeader isAuthenticated={auth.isAuthenticated} />
      <Main className="container">
        {isDemo ? (
          <p className="banner banner-demo" role="note">
            <strong>Demo mode</strong>
            {demoProfile ? ` — ${demoProfile.fullName}, ${demoProfile.membershipTier} plan` : ` — ${demoType} plan`}.
            All data on this page is simulated. {DEMO_FACE_NOTE} <Link to="/signup">Create an account</Link> to protect
            yourself
            {auth.isAuthenticated ? null : (
              <>
                , or <Link to="/signin?next=%2Fdashboard">sign in</Link> to see your own dashboard
              </>
            )}
            .
          </p>
        ) : null}
        <div className="page-header">
          <div>
            <h1>Protection Dashboard</h1>
            <p className="muted" style={{ margin: 0 }}>
              Threats to your face, voice and identity across monitored platforms.
            </p>
          </div>
          <ForceScanButton running={scan.running} onStart={forceScan} progress={scan.progress} />
        </div>
        {!isDemo && auth.failure ? (
          <LoadFailed what="Who is signed in" error={auth.failure.error} onRetry={auth.failure.retry} />
        ) : (
          <>
            <StatCards
              stats={statsData}
              isLoading={!isDemo && (stats.isLoading || auth.isLoading)}
              {...(statsFailure ? { failure: statsFailure } : {})}
            />
            {statsFailure ? null : <CoverageStatement coverage={setup?.coverage} isLoading={statsLoading} />}
            {isReal && setup && !setupComplete(setup.checklist) ? <SetupChecklist items={setup.checklist} /> : null}
            <div className="dash-grid">
              <div>
                {isDemo ? (
                  <ThreatList
                    threats={threatList}
                    isLoading={threatsLoading}
                    onViewDetails={setDetails}
                    onTakeDown={(t) => openDmca(t)}
                    emptyMessage={emptyMessage}
                    {...(statsFailure ? { failure: statsFailure } : {})}
                  />
                ) : (
                  <ThreatTriage
                    enabled={isReal}
                    onViewDetails={setDetails}
                    onTakeDown={(t) => openDmca(t)}
                    onTakeDownMany={takeDownMany}
                    withPeople={profile.data?.membershipTier === "enterprise"}
                    emptyMessage={emptyMessage}
                  />
                )}
              </div>
              <div>
                <section className="panel" aria-labelledby="chart-heading">
                  <h2 id="chart-heading">Threats over time</h2>
                  <ThreatsChart series={series} />
                </section>
                <section className="panel" aria-labelledby="actions-heading">
                  <h2 id="actions-heading">Quick Actions</h2>
                  <div className="form">
                    {maySend ? (
                      <button
                        type="button"
                        className="btn btn-secondary btn-block"
                        onClick={() => openDmca(threatList?.find((t) => t.status === "active") ?? null)}
                      >
                        Prepare takedown notice
                      </button>
                    ) : null}
                    <Link to={reconfigureLink(setup?.checklist)} className="btn btn-secondary btn-block">
                      Reconfigure Setup
                    </Link>
                  </div>
                </section>
                <ProtectionHealth facts={health} {...(profileFailure ? { failure: profileFailure } : {})} />
              </div>
            </div>
          </>
        )}
      </Main>
      <SiteFooter />
      <Suspense fallback={null}>
        {details ? (
          <ThreatDetailsDialog threat={details} onClose={() => setDetails(null)} onGenerateDmca={openDmca} />
        ) : null}
        {!dmca.open ? null : isDemo ? (
          <DemoNoticeDialog open threat={dmca.threat} onClose={() => setDmca({ open: false, threat: null })} />
        ) : (
          <DmcaDialog key={dmca.threat?.id ?? "none"} open threat={dmca.threat} onClose={closeDmca} />
        )}
      </Suspense>
    </>
  );
}
