import { measuredFigures, useSystemMetrics } from "../system/use-system-metrics";

const NOT_MEASURED = "Not measured yet";

/** Hero panel: every figure is either the visitor's own count or a system measurement — never copy. */
export function LiveDetectionPanel({ sitesScanned }: { sitesScanned?: number }) {
  const metrics = useSystemMetrics();
  const figures = measuredFigures(metrics.data);
  const sites = typeof sitesScanned === "number" ? sitesScanned.toLocaleString("en-US") : figures.platformsMonitored;
  const tiles = [
    { label: typeof sitesScanned === "number" ? "Sites Monitored" : "Platforms Monitored", value: sites },
    { label: "Detection Accuracy", value: figures.detectionAccuracy },
    { label: "Average Detection Time", value: figures.averageDetectionTime },
    { label: "Monitoring", value: "24/7" },
  ];
  return (
    <section className="panel live-panel" aria-labelledby="live-panel-heading">
      <h2 id="live-panel-heading" className="panel-title">
        <span className="status-dot ok" aria-hidden="true" /> Live threat detection
      </h2>
      <dl className="tile-grid">
        {tiles.map((tile) => (
          <div key={tile.label} className="tile">
            <dt>{tile.label}</dt>
            <dd className={tile.value ? "tile-value" : "tile-value muted"}>{tile.value ?? NOT_MEASURED}</dd>
          </div>
        ))}
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
