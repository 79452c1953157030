import {
  type Coverage,
  lastScanLine,
  modalityLine,
  openThreatsLine,
  registeredImagesLine,
} from "@lg/domain/accounts/coverage";
import { platformName } from "../platforms/catalogue";
import { relativeTime } from "../threats/format";

/**
 * What is searched, where and how often, how the latest scan went and what is open: the facts in
 * place of a protection score, which measured neither protection nor risk (issue 36 item 1).
 */
export function CoverageStatement({ coverage, isLoading }: { coverage: Coverage | undefined; isLoading: boolean }) {
  if (isLoading || !coverage) {
    return (
      <section className="panel coverage" aria-labelledby="coverage-heading" aria-busy={isLoading}>
        <h2 id="coverage-heading">What is searched</h2>
        <p className="muted">{isLoading ? "Checking what is searched…" : "Not known: your statistics did not load."}</p>
      </section>
    );
  }
  const scan =
    lastScanLine(coverage) ||
    (coverage.lastScanAt ? `Last scan ended ${relativeTime(coverage.lastScanAt).toLowerCase()}.` : "");
  return (
    <section className="panel coverage" aria-labelledby="coverage-heading">
      <h2 id="coverage-heading">What is searched</h2>
      <ul className="coverage-list">
        {(["face", "voice"] as const).map((modality) => (
          <li key={modality} className={coverage[modality].searched ? "text-ok" : "text-danger"}>
            {modalityLine(coverage, modality, platformName)}
          </li>
        ))}
        {registeredImagesLine(coverage) ? <li className="text-ok">{registeredImagesLine(coverage)}</li> : null}
        {scan ? <li className={coverage.lastScanOutcome === "failed" ? "text-danger" : ""}>{scan}</li> : null}
        <li className={coverage.openThreats > 0 ? "text-danger" : ""}>{openThreatsLine(coverage)}</li>
      </ul>
    </section>
  );
}
