import { matchBand } from "@lg/domain/threats/match-band";
import { plainReason, signalLabel } from "@lg/domain/threats/signal-names";
import type { OperatingPoint, Threat, ThreatSignal } from "../../api/types";
import { threatTypeLabel } from "./format";
import { matchModality } from "./match-words";

/**
 * Why a threat was raised, from what the scan recorded: the likeness match it rests on, then each
 * synthetic-media signal in plain words. Not the detectors' own explanations: those name models,
 * thresholds and development data, which tell a person (or a platform's reviewer) nothing they can
 * weigh (issue 27). A signal that could not look is shown as such, never as a sign the media is genuine.
 */

const STATUS: Record<ThreatSignal["status"], { label: string; className: string; meaning: string }> = {
  present: {
    label: "Evidence found",
    className: "badge badge-destructive",
    meaning: "Found signs that it was made or altered by AI.",
  },
  absent: {
    label: "Nothing found",
    className: "badge badge-secondary",
    meaning: "Found no sign of AI generation; that does not prove it genuine.",
  },
  unknown: {
    label: "Could not tell",
    className: "badge",
    meaning: "Could not examine this media, so it says nothing either way.",
  },
};

/** The likeness match in its band's words ("a very strong match"); the percentage reads 100% for nearly every match. */
/**
 * A declaration check that ran and found the file declares nothing (no C2PA manifest, no IPTC source
 * type) reports "unknown" because no declaration says nothing either way; it did examine the file, so
 * it is not "could not examine" (issue 36 item 21).
 */
const NOTHING_DECLARED = {
  label: "Nothing declared",
  className: "badge badge-secondary",
  meaning:
    "Checked: the file declares nothing either way, which is usual and says nothing about whether it is genuine.",
};
const DECLARED_NOTHING = /^No C2PA manifest|^No XMP metadata|declares no DigitalSourceType/;
const nothingDeclared = (signal: ThreatSignal) =>
  signal.status === "unknown" && DECLARED_NOTHING.test(signal.explanation);

function likenessSummary(threat: Threat): string {
  const band = `a ${matchBand(threat.confidence)} match`;
  const { nameMatch, handle } = threat.detection ?? {};
  if (threat.threatType === "impersonation") {
    const profile = handle ? `The profile @${handle}` : "The profile";
    const name = nameMatch ? ` goes by a name like "${nameMatch}", and its` : "'s";
    return `${profile}${name} picture matches the protected face (${band}).`;
  }
  if (matchModality(threat) === "voice") return `The voice in this recording matches the protected voice (${band}).`;
  return `A face in this media matches the protected face (${band}).`;
}

const rate = (value: number) => `${(value * 100).toFixed(1)}%`;
/** "1.5% of 311 genuine pictures" where the fit counted them. */
const genuineShare = (point: OperatingPoint) =>
  `${rate(point.falsePositiveRate)} of ${point.genuineCount !== undefined ? `${point.genuineCount.toLocaleString("en-US")} genuine pictures` : "genuine media"}`;

function syntheticSummary(threat: Threat): string | null {
  const detection = threat.detection;
  const synthetic = threat.classification?.synthetic;
  if (synthetic?.status === "synthetic") {
    const score = synthetic.score !== null ? ` ${(synthetic.score * 100).toFixed(1)}%` : "";
    const fpr = synthetic.operatingPoint
      ? ` The detector wrongly flags ${genuineShare(synthetic.operatingPoint)} at this setting.`
      : "";
    return synthetic.declared
      ? `Synthetic: the file declares it was made or altered by AI.${fpr}`
      : `Likely synthetic:${score} from the signals below.${fpr}`;
  }
  if (synthetic?.status === "possibly-synthetic" && threat.labelDispute)
    return `You disputed the "Possibly synthetic" label on ${new Date(threat.labelDispute.at).toLocaleDateString()}: it is withdrawn, and the notices we send make no claim about how the media was made. The likeness finding stands; the detectors' readings below are kept as the record of why it was labelled.`;
  if (synthetic?.status === "possibly-synthetic") {
    const score = synthetic.score !== null ? ` ${(synthetic.score * 100).toFixed(1)}%` : "";
    const fpr = synthetic.operatingPoint
      ? ` At this level the detectors also flag ${genuineShare(synthetic.operatingPoint)}, so it is not called synthetic.`
      : " It is below the bar for calling it synthetic.";
    return `Possibly synthetic:${score} from the signals below.${fpr}`;
  }
  if (!detection?.signals?.length && !synthetic) return null;
  if (!synthetic && detection?.synthetic === true && typeof detection.syntheticScore === "number")
    return `Likely synthetic: ${(detection.syntheticScore * 100).toFixed(1)}% from the signals below.`;
  if (synthetic?.status === "unknown") return "Whether it is synthetic could not be checked.";
  // A signal below that found something must not sit under "no signal found evidence" (issue 36 item 21).
  if (detection?.signals?.some((signal) => signal.status === "present"))
    return "Some signals below found signs of AI, but together they fall short of calling it synthetic. That does not prove it genuine either.";
  return "No signal found evidence that it is synthetic. That does not prove it genuine: most edits leave no trace these signals can read.";
}

export function ThreatFindings({ threat }: { threat: Threat }) {
  const signals = threat.detection?.signals ?? [];
  const synthetic = syntheticSummary(threat);
  return (
    <section aria-labelledby="findings-heading">
      <h3 id="findings-heading">Why this was flagged</h3>
      <p className="small">{likenessSummary(threat)}</p>
      {threat.classification ? (
        <p className="small">
          <strong>Why "{threatTypeLabel(threat.classification.type)}":</strong>{" "}
          {plainReason(threat.classification.reason)}
        </p>
      ) : null}
      {synthetic ? <p className="small">{synthetic}</p> : null}
      {signals.length > 0 ? (
        <ul className="signal-list small" aria-label="Synthetic-media signals">
          {signals.map((signal) => {
            const status = nothingDeclared(signal) ? NOTHING_DECLARED : (STATUS[signal.status] ?? STATUS.unknown);
            return (
              <li key={signal.id}>
                <span className="signal-name">{signalLabel(signal.id)}</span>{" "}
                <span className={status.className}>{status.label}</span>
                <p>{status.meaning}</p>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
