import { measuredFigures, useSystemMetrics } from "../system/use-system-metrics";

/**
 * Hero panel: what is watched, as counted (the visitor's own platforms scanned, or the platforms the
 * scanner has connectors for), and what is detected. No figure here is copy.
 */
export function LiveDetectionPanel({ sitesScanned }: { sitesScanned?: number }) {
  const metrics = useSystemMetrics();
  const figures = measuredFigures(metrics.data);
  const own = typeof sitesScanned === "number";
  const value = own ? sitesScanned.toLocaleString("en-US") : figures.platformsMonitored;
  return (
    <section className="panel live-panel" aria-labelledby="live-panel-heading">
      <h2 id="live-panel-heading" className="panel-title">
        What we watch for you
      </h2>
      <dl className="tile-grid">
        <div className="tile">
          <dt>{own ? "Sites you had scanned" : "Platforms with a connector"}</dt>
          <dd className={value ? "tile-value" : "tile-value muted"}>
            {value ?? (metrics.isError ? "Could not be loaded" : "…")}
          </dd>
        </div>
      </dl>
      <h3 className="small">What we detect</h3>
      <ul className="threat-kinds">
        <li>
          <strong>Deepfakes</strong> — synthetic or face-swapped images and video of you
        </li>
        <li>
          <strong>Voice clones</strong> — audio that imitates your voice
        </li>
        <li>
          <strong>Impersonation</strong> — accounts using your name and photos
        </li>
      </ul>
    </section>
  );
}
