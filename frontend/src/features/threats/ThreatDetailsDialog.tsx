import "./threats.css";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import type { Threat } from "../../api/types";
import { Dialog } from "../../ui/Dialog";
import { toast } from "../../ui/toast-store";
import { platformName } from "../platforms/catalogue";
import { useSystemMetrics } from "../system/use-system-metrics";
import { type AutomationOutcome, AutomationOutcomePanel } from "../takedowns/AutomationOutcome";
import { useMay } from "../team/use-may";
import { EvidenceVerification } from "./EvidenceVerification";
import { confidenceClass, statusLabel, takedownLabel, threatTitle, threatTypeLabel } from "./format";
import { matchModality, matchWords } from "./match-words";
import { threatDetailsQuery, threatMediaQuery } from "./queries";
import { ThreatEvidenceMedia } from "./ThreatEvidenceMedia";
import { ThreatFindings } from "./ThreatFindings";
import { ThreatHistory } from "./ThreatHistory";
import { allows } from "./threat-actions";
import type { ThreatDetails } from "./triage-types";
import { useThreatAction } from "./use-threat-action";

interface ThreatDetailsDialogProps {
  threat: Threat | null;
  onClose: () => void;
  onGenerateDmca: (threat: Threat) => void;
}

/** What an evidence package holds (domain/scanning/evidence.ts), and nothing it does not: no screenshot is taken. */
const EVIDENCE_ITEMS = [
  "The found media, as downloaded",
  "Where and when it was found (page.json)",
  "What our detectors measured (detection.json)",
  "A manifest of each file's SHA-256 hash",
];

export function ThreatDetailsDialog({ threat, onClose, onGenerateDmca }: ThreatDetailsDialogProps) {
  // The list's row is enough to open at once; the full record adds history, sightings and actions.
  const details = useQuery(threatDetailsQuery(threat?.id ?? "", Boolean(threat && !threat.demo)));
  const media = useQuery(threatMediaQuery(threat?.id ?? "", Boolean(threat && !threat.demo && threat.evidenceData)));
  const action = useThreatAction({
    onDone: (result) => {
      if (result.action === "false_positive")
        toast({ title: "Marked as false positive", description: "This alert will no longer count as a threat." });
      if (result.action !== "undo") onClose();
    },
  });
  const metrics = useSystemMetrics();
  const maySend = useMay("notices:send");

  if (!threat) return null;
  const shown: ThreatDetails = details.data?.id === threat.id ? { ...threat, ...details.data } : threat;
  const match = matchWords(shown, metrics.data?.detection);
  // What automatic takedown did and why it sent nothing, when the server kept it.
  const automation = (details.data as { autoTakedown?: AutomationOutcome } | undefined)?.autoTakedown;
  // A demo threat belongs to no account: there is nothing to triage, only a notice to show.
  const triage = !threat.demo;
  // A video's frames or a recording, shown below, stand in for the single picture a video or voice lacks.
  const mediaShown = (media.data?.frames?.length ?? 0) > 0 || Boolean(media.data?.audioAvailable);
  const enrolledPhotoUrl =
    shown.evidence?.enrolledPhotoUrl ??
    (media.data?.enrolledPhotoAvailable ? `/api/threats/${encodeURIComponent(shown.id)}/media/enrolled-photo` : null);
  const act = (kind: "false_positive" | "dismiss" | "undo" | "dispute_label") =>
    action.mutate({ action: kind, threatIds: [threat.id] });
  // The label alone can be disputed: the likeness finding is kept (issue 36 item 12).
  const disputable =
    triage &&
    (shown.classification?.synthetic.status ?? shown.synthetic) === "possibly-synthetic" &&
    !shown.labelDispute;
  return (
    <Dialog open title={`Threat details: ${threatTitle(shown)}`} onClose={onClose} wide>
      <div className={enrolledPhotoUrl ? "compare" : undefined}>
        {shown.previewUrl ? (
          <div className="preview">
            <img src={shown.previewUrl} alt="" />
            <span className="preview-label">Censored content preview</span>
          </div>
        ) : mediaShown ? null : (
          <p className="preview preview-empty">
            <span className="preview-label">No preview: open the threat URL to review the content</span>
          </p>
        )}
        {enrolledPhotoUrl ? (
          <figure className="enrolled-photo">
            <img src={enrolledPhotoUrl} alt="You, as enrolled, for comparison" />
            <figcaption className="small">Your enrolled photo, to compare with the match</figcaption>
          </figure>
        ) : null}
      </div>
      <dl className="detail-grid">
        <div>
          <dt>Match</dt>
          {/* The band and what it rests on, not the calibrated percentage: it reads 100% for nearly every
              match, partial and small faces included, and so says nothing a person can weigh (issue 36). */}
          <dd className={confidenceClass(shown.confidence)}>{match.label}</dd>
          {match.falseMatch || metrics.data ? (
            <dd className="small">{match.falseMatch ?? noRateMeasured(matchModality(shown))}</dd>
          ) : null}
        </div>
        <div>
          <dt>Threat type</dt>
          <dd>{threatTypeLabel(shown.threatType)}</dd>
        </div>
        <div>
          <dt>Source platform</dt>
          <dd>{platformName(shown.platform)}</dd>
        </div>
        <div>
          <dt>Content type</dt>
          <dd>{shown.contentType ?? "Unknown"}</dd>
        </div>
        <div>
          <dt>Detection time</dt>
          <dd>{new Date(shown.createdAt).toLocaleString()}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`badge ${shown.status === "active" ? "badge-destructive" : "badge-secondary"}`}>
              {statusLabel(shown.status)}
            </span>
          </dd>
        </div>
        {takedownLabel(shown) ? (
          <div>
            <dt>Takedown</dt>
            <dd>
              {takedownLabel(shown)}{" "}
              {shown.takedown ? (
                <Link to={`/takedowns/${encodeURIComponent(shown.takedown.noticeId)}`}>
                  Open in the takedown centre
                </Link>
              ) : null}
            </dd>
          </div>
        ) : null}
      </dl>
      {automation && !shown.takedown ? (
        <AutomationOutcomePanel
          outcome={automation}
          {...(allows(shown, "takedown") ? { onSendYourself: () => onGenerateDmca(shown) } : {})}
        />
      ) : null}
      <ThreatEvidenceMedia threat={shown} />
      <ThreatFindings threat={shown} />
      <h3>Evidence package</h3>
      {shown.evidenceData ? (
        <ul className="check-list small" aria-label="Evidence kept">
          {EVIDENCE_ITEMS.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : (
        <p className="small">No evidence package is stored for this threat.</p>
      )}
      <p className="small">
        <strong>Evidence hash: </strong>
        <span className="mono">{shown.evidenceData?.hash ?? "Hash not available"}</span>
      </p>
      <EvidenceVerification threat={shown} />
      {triage ? (
        <ThreatHistory entries={details.isError ? [] : (details.data?.history ?? details.data?.audit)} />
      ) : null}
      <p className="small">
        <strong>Threat URL: </strong>
        <a href={shown.url} target="_blank" rel="noopener noreferrer nofollow" className="mono">
          {shown.url}
        </a>
      </p>
      <div className="dialog-footer">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Close
        </button>
        {triage && allows(shown, "false_positive") ? (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={action.isPending}
            onClick={() => act("false_positive")}
          >
            Mark as False Positive
          </button>
        ) : null}
        {disputable ? (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={action.isPending}
            onClick={() => act("dispute_label")}
          >
            Dispute "Possibly synthetic"
          </button>
        ) : null}
        {triage && allows(shown, "dismiss") ? (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={action.isPending}
            onClick={() => act("dismiss")}
          >
            Dismiss
          </button>
        ) : null}
        {triage && allows(shown, "undo") ? (
          <button type="button" className="btn btn-secondary" disabled={action.isPending} onClick={() => act("undo")}>
            {shown.status === "dismissed" ? "Undo dismissal" : "Undo false positive"}
          </button>
        ) : null}
        {/* One action: the notice's kind (DMCA, TAKE IT DOWN, DSA, a platform report) is chosen by the
            server for the platform, and nothing is sent before the person reviews it. */}
        {allows(shown, "takedown") && maySend ? (
          <button type="button" className="btn btn-primary" onClick={() => onGenerateDmca(shown)}>
            Prepare takedown notice
          </button>
        ) : null}
      </div>
    </Dialog>
  );
}

/** Where no benchmark rate covers the match, say so rather than leave the band unexplained. */
function noRateMeasured(modality: ReturnType<typeof matchModality>): string {
  if (modality === "profile") return "A name or handle resembling yours: no benchmark rate applies to names.";
  if (modality === "registered-image") return "Matched by the picture's hash, not by a likeness.";
  return `Our ${modality === "face" ? "face" : "speaker"} benchmark measured no false-match rate at this closeness: treat it as a lead to check, not a finding.`;
}
