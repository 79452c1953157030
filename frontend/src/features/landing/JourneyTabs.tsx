import { type KeyboardEvent, useRef, useState } from "react";
import { DEMO_PERSONAS } from "../../content/demo-personas";

const TABS = [
  { id: "how", label: "How It Works" },
  { id: "journey", label: "Experience Your Journey" },
] as const;
type TabId = (typeof TABS)[number]["id"];

const HOW_STEPS = [
  { title: "Biometric Enrollment", text: "A short live check with your camera and a short voice recording." },
  {
    title: "Embeddings, Not Training",
    text: "We compute encrypted face and voice embeddings from your samples; no model is trained on you.",
  },
  {
    title: "Scheduled scans",
    text: "Connectors scan the platforms on your plan, weekly, daily or hourly as it allows.",
  },
  { title: "Instant Protection", text: "Alerts, evidence packages and automated takedown notices." },
];

const JOURNEY_STEPS = ["Sign Up", "Profile Setup", "Choose Plan", "Live Check", "Scan Settings"];

/** WAI-ARIA tabs: arrow keys move between the two tabs, Tab moves into the panel. */
export function JourneyTabs({ onTryDemo }: { onTryDemo: () => void }) {
  const [active, setActive] = useState<TabId>("how");
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    const next = active === "how" ? "journey" : "how";
    setActive(next);
    refs.current[next]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label="Protection journey" className="tabs" onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[tab.id] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={active === tab.id}
            aria-controls={`panel-${tab.id}`}
            tabIndex={active === tab.id ? 0 : -1}
            className="tab"
            onClick={() => setActive(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${active}`} aria-labelledby={`tab-${active}`} className="tab-panel">
        {active === "how" ? (
          <ol className="step-grid">
            {HOW_STEPS.map((s, i) => (
              <li key={s.title} className="card">
                <span className="step-number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{s.title}</h3>
                <p className="small">{s.text}</p>
              </li>
            ))}
          </ol>
        ) : (
          <>
            <div className="card-grid three">
              {DEMO_PERSONAS.map((p) => (
                <div key={p.id} className="card">
                  <h3>{p.title}</h3>
                  <ul className="check-list small">
                    {p.features.map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
            <ol className="journey-steps">
              {JOURNEY_STEPS.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ol>
            <button type="button" className="btn btn-primary" onClick={onTryDemo}>
              Try Interactive Demo
            </button>
          </>
        )}
      </div>
    </div>
  );
}
