import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import type { HealthReport } from "../../api/types";
import { PRIVACY_STATEMENT } from "../../content/marketing";
import { LoadFailed } from "../../ui/LoadFailed";
import { HEALTH_KEY } from "../layout/SiteFooter";
import { measuredFigures, useSystemMetrics } from "../system/use-system-metrics";

/** About section: measured detection figures, each saying what it measures and when, and live service status. */
export function PlatformPerformance() {
  const metrics = useSystemMetrics();
  const health = useQuery<HealthReport>({ queryKey: HEALTH_KEY });
  const measured = measuredFigures(metrics.data);
  const cards = [
    ...(measured.syntheticImageRecall
      ? [{ value: measured.syntheticImageRecall, label: "AI images caught (at 2% false alarms)" }]
      : []),
    ...(measured.voiceCloneEer ? [{ value: measured.voiceCloneEer, label: "Voice-clone equal error rate" }] : []),
    ...(measured.pictureCheckTime
      ? [{ value: measured.pictureCheckTime.value, label: "Time to check one picture (benchmark median)" }]
      : []),
  ];
  const services = health.data?.services ?? [];
  const allUp = services.length > 0 && services.every((s) => s.ok);
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
          {health.isError ? (
            <LoadFailed what="The live status" error={health.error} onRetry={() => void health.refetch()} />
          ) : (
            <p className="status-line">
              <span className={`status-dot ${allUp ? "ok" : "down"}`} aria-hidden="true" />
              {health.isLoading ? "Checking…" : allUp ? "All Systems Operational" : "Some systems degraded"}
            </p>
          )}
          <ul className="service-list">
            {services.map((s) => (
              <li key={s.name}>
                <span>{s.name}</span>
                <span className={s.ok ? "text-ok" : "text-danger"}>{s.ok ? "Operational" : "Down"}</span>
              </li>
            ))}
            {measured.platformsMonitored ? (
              <li>
                <span>Web Scanning</span>
                <span>{measured.platformsMonitored} platforms</span>
              </li>
            ) : null}
          </ul>
        </div>
      </div>
    </section>
  );
}
