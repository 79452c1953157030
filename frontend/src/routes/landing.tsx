import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useAuth } from "../auth/use-auth";
import { PROMO_BANNER } from "../content/marketing";
import { withDemo } from "../features/demo/demo-session";
import { JourneyTabs } from "../features/landing/JourneyTabs";
import { LiveDetectionPanel } from "../features/landing/LiveDetectionPanel";
import { PlatformPerformance } from "../features/landing/PlatformPerformance";
import { UsageFigures } from "../features/landing/UsageFigures";
import { PublicHeader } from "../features/layout/PublicHeader";
import { SiteFooter } from "../features/layout/SiteFooter";
import { statsQuery } from "../features/threats/queries";
import { Main } from "../ui/Page";

// The demo chooser opens only on a click: its code loads then, not with the first page people see.
const DemoChooser = lazy(() => import("../features/demo/DemoChooser").then((m) => ({ default: m.DemoChooser })));

type ChooserSource = "nav" | "journey";

export default function LandingRoute() {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const stats = useQuery(statsQuery(isAuthenticated));
  const [chooser, setChooser] = useState<ChooserSource | null>(null);
  const startTarget = isAuthenticated ? "/onboarding" : "/signup";

  return (
    <>
      <p className="promo-banner">{PROMO_BANNER}</p>
      <PublicHeader onViewDemo={() => setChooser("nav")} />
      <Main>
        <section className="hero">
          <div className="container hero-grid">
            <div>
              <p className="eyebrow">AI identity protection</p>
              <h1>Your face and voice are yours. Keep it that way.</h1>
              <p className="lead">
                We find deepfakes, voice clones and impersonations of you across the web, keep tamper-proof evidence and
                send the takedown notices for you.
              </p>
              <div className="button-row">
                <button type="button" className="btn btn-primary btn-lg" onClick={() => navigate(startTarget)}>
                  Start Protection Now - FREE
                </button>
                <button type="button" className="btn btn-secondary btn-lg" onClick={() => setChooser("nav")}>
                  View Demo
                </button>
              </div>
            </div>
            <LiveDetectionPanel sitesScanned={stats.data?.sitesScanned} />
          </div>
        </section>

        <UsageFigures />

        <PlatformPerformance />

        <section className="section" aria-labelledby="journey-heading">
          <div className="container">
            <h2 id="journey-heading">How protection works</h2>
            <JourneyTabs onTryDemo={() => setChooser("journey")} />
          </div>
        </section>

        <section className="section cta" aria-labelledby="cta-heading">
          <div className="container center">
            <h2 id="cta-heading">Protect your likeness today</h2>
            <div className="button-row center">
              <button type="button" className="btn btn-primary btn-lg" onClick={() => navigate(startTarget)}>
                Start Free Protection Now
              </button>
              <button type="button" className="btn btn-secondary btn-lg" onClick={() => setChooser("journey")}>
                Try the Demo
              </button>
            </div>
          </div>
        </section>
      </Main>
      <SiteFooter />
      {chooser !== null ? (
        <Suspense fallback={null}>
          <DemoChooser
            open
            onClose={() => setChooser(null)}
            fallback={(type) => (chooser === "journey" ? withDemo("/signup", type) : withDemo("/dashboard", type))}
          />
        </Suspense>
      ) : null}
    </>
  );
}
