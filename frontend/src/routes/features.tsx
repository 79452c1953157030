import { useNavigate } from "react-router-dom";
import { useAuth } from "../auth/use-auth";
import { PRIVACY_STATEMENT } from "../content/marketing";
import { PublicHeader } from "../features/layout/PublicHeader";
import { SiteFooter } from "../features/layout/SiteFooter";
import { Icon, type IconName } from "../ui/Icon";
import { Main } from "../ui/Page";

const FEATURES: { icon: IconName; title: string; text: string }[] = [
  {
    icon: "eye",
    title: "Deepfake detection",
    text: "Face matching plus synthetic-media signals tell a fake of you from a real photo.",
  },
  { icon: "mic", title: "Voice clone detection", text: "Speaker embeddings flag audio that imitates your voice." },
  {
    icon: "globe",
    title: "Platform monitoring",
    text: "Connectors read each platform's public search, listings and feeds.",
  },
  { icon: "alert", title: "Real-time alerts", text: "Email, push or SMS the moment a match crosses your sensitivity." },
  {
    icon: "file",
    title: "Evidence packages",
    text: "The found media, where and when it was found, and what our detectors measured, kept write-once with their hashes.",
  },
  {
    icon: "bolt",
    title: "Takedown notices",
    text: "DMCA and platform notices generated, sent and tracked until the content is gone.",
  },
];
const ADVANCED = [
  {
    title: "Zero-knowledge mode",
    text: "Face and voice embeddings computed in your browser; your photos and recordings never leave your device.",
  },
  { title: "Executive protection", text: "Enterprise plans protect several people and brand assets from one account." },
  { title: "Dark web monitoring", text: "Paste sites, data dumps and hidden markets on the Enterprise plan." },
];
const STEPS = [
  "Enrol your face and voice",
  "We compute the embeddings we match with (no model is trained on you)",
  "We scan your platforms on your plan's schedule",
  "You act on alerts in one click",
];

export default function FeaturesRoute() {
  const navigate = useNavigate();
  const { isAuthenticated } = useAuth();
  return (
    <>
      <PublicHeader />
      <Main>
        <section className="hero">
          <div className="container">
            <h1>Everything you need to own your likeness</h1>
            <p className="lead">Detection, evidence and takedowns in one place.</p>
          </div>
        </section>
        <section className="section">
          <div className="container">
            <h2>Features</h2>
            <div className="card-grid three">
              {FEATURES.map((f) => (
                <article key={f.title} className="card">
                  <Icon name={f.icon} size={28} />
                  <h3>{f.title}</h3>
                  <p className="small">{f.text}</p>
                </article>
              ))}
            </div>
          </div>
        </section>
        <section className="section alt" id="security">
          <div className="container">
            <h2>Advanced protection</h2>
            <div className="card-grid three">
              {ADVANCED.map((f) => (
                <article key={f.title} className="card">
                  <h3>{f.title}</h3>
                  <p className="small">{f.text}</p>
                </article>
              ))}
            </div>
            <p className="small muted" id="privacy" style={{ marginTop: "1rem" }}>
              {PRIVACY_STATEMENT}
            </p>
          </div>
        </section>
        <section className="section" id="dmca">
          <div className="container">
            <h2>How it works</h2>
            <ol className="step-grid">
              {STEPS.map((s, i) => (
                <li key={s} className="card">
                  <span className="step-number" aria-hidden="true">
                    {i + 1}
                  </span>
                  <p>{s}</p>
                </li>
              ))}
            </ol>
            <div className="button-row">
              <button
                type="button"
                className="btn btn-primary btn-lg"
                onClick={() => navigate(isAuthenticated ? "/onboarding" : "/signup")}
              >
                Start Protection Now
              </button>
              <button type="button" className="btn btn-secondary btn-lg" onClick={() => navigate("/pricing")}>
                See Pricing
              </button>
            </div>
          </div>
        </section>
      </Main>
      <SiteFooter />
    </>
  );
}
