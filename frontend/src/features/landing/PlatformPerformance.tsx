import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { PRIVACY_STATEMENT } from "../../content/marketing";
import { LoadFailed } from "../../ui/LoadFailed";
import { noProbeWords, statusLine, statusQuery, uptimeWords } from "../status/status-words";
import { measuredFigures, useSystemMetrics } from "../system/use-system-metrics";

/** About section: measured detection figures, each saying what it measures and when, and live service status. */
export function PlatformPerformance() {
  const metrics = useSystemMetrics();
  const status = useQuery(statusQuery);
  const measured = measuredFigures(metrics.data);
  // Each modality's figure with its sample sizes; never one "accuracy" across them.
  const cards: { value: string; label: string; interval?: string; samples?: string }[] = [
    ...measured.modalities,
    ...(measured.pictureCheckTime
      ? [{ value: measured.pictureCheckTime.value, label: "Time to check one picture (benchmark median)" }]
      : []),
  ];
  const components = status.data?.components ?? [];
  const line = statusLine(status.data, status);
  return (
    <section className="section alt" aria-labelledby="about-heading">
      <div className="container two-col">
        <div>
          <h2 id="about-heading">About LikenessGuard</h2>
          <p>
            Generative AI made it cheap to fake anyone. We enrol your face and voice, watch the platforms where fakes
            spread, tell synthetic media from real, and act on what we find.
          </p>
          <p className="small muted">{PRIVACY_STATEMENT}</p>
          <p className="small">
            Designed for SOC 2, GDPR and Illinois BIPA; not certified or audited against them.{" "}
            <Link to="/compliance">How the code meets each control</Link>.
          </p>
          {cards.length > 0 ? (
            <>
              <dl className="tile-grid">
                {cards.map((c) => (
                  <div key={c.label} className="tile">
                    <dt>{c.label}</dt>
                    <dd className="tile-value">{c.value}</dd>
                    {c.interval ? <dd className="small">{c.interval}</dd> : null}
                    {c.samples ? <dd className="small muted">{c.samples}</dd> : null}
                  </div>
                ))}
              </dl>
              <p className="small muted">
                {measured.benchmarkDate ? `From our detection benchmark of ${measured.benchmarkDate}` : null}
                {measured.pictureCheckTime ? `; timing on ${measured.pictureCheckTime.machine}` : null}
                {measured.benchmarkDate ? "." : null}
              </p>
            </>
          ) : null}
        </div>
        <div className="panel">
          <h3>Live Monitoring Status</h3>
          {status.isError ? (
            <LoadFailed what="The live status" error={status.error} onRetry={() => void status.refetch()} />
          ) : (
            <p className="status-line">
              <span className={`status-dot ${line.dot}`} aria-hidden="true" />
              {line.text}
            </p>
          )}
          <ul className="service-list">
            {components.map((c) => (
              <li key={c.id}>
                <span>{c.name}</span>
                <span>
                  {c.current ? (
                    <>
                      <span className={c.current.ok ? "text-ok" : "text-danger"}>
                        {c.current.ok ? "Operational" : "Down"}
                      </span>
                      <span className="small muted"> · 30 d: {uptimeWords(c.uptime["30d"])}</span>
                    </>
                  ) : (
                    noProbeWords(c)
                  )}
                </span>
              </li>
            ))}
            {measured.platformsMonitored ? (
              <li>
                <span>Web Scanning</span>
                <span>{measured.platformsMonitored} platforms</span>
              </li>
            ) : null}
          </ul>
          <p className="small">
            <Link to="/status">Uptime over 24 hours, 7 and 30 days, and incidents</Link>
          </p>
        </div>
      </div>
    </section>
  );
}
