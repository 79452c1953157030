import type { ScanStatus } from "../../api/types";

export type ScanRun = Exclude<ScanStatus, { status: "idle" }>;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One line of what a scan has done so far, from the counters the scan stores as each platform finishes. */
export function scanProgressText(scan: ScanRun): string {
  // The starter records the scan before the workflow has listed its platforms.
  if (scan.status === "running" && !scan.platformsTotal) return "Scanning: listing the platforms to search…";
  const platforms =
    typeof scan.platformsTotal === "number" && scan.platformsTotal > 0
      ? `${scan.platformsDone ?? 0} of ${plural(scan.platformsTotal, "platform", "platforms")} done, `
      : "";
  // The scan counts threats it recorded; one already known from an earlier scan is not counted again.
  const counts = `${plural(scan.itemsScanned, "item", "items")} checked, ${plural(scan.threatsFound, "new threat", "new threats")} found`;
  return scan.status === "running" ? `Scanning: ${platforms}${counts} so far` : `Scan finished: ${platforms}${counts}`;
}

/** The live figures of a scan as a list, updated by each poll of GET /api/scan/status. */
export function ScanProgressFigures({ scan }: { scan: ScanRun }) {
  return (
    <dl className="tile-grid" aria-label="Scan progress">
      <div className="tile">
        <dt>Platforms searched</dt>
        <dd className="tile-value">
          {scan.platformsDone ?? 0}/{scan.platformsTotal ?? 0}
        </dd>
      </div>
      <div className="tile">
        <dt>Items checked</dt>
        <dd className="tile-value">{scan.itemsScanned}</dd>
      </div>
      <div className="tile">
        <dt>New threats found</dt>
        <dd className="tile-value">{scan.threatsFound}</dd>
      </div>
    </dl>
  );
}
