import type { LikenessStanding, ModalityStanding } from "../../api/types";

const HOW_TO_VERIFY = {
  face: "turning zero-knowledge mode off in Settings and taking the three-pose live capture in Biometric Training (the server checks the frames itself)",
  voice:
    "recording your voice in the live capture in Biometric Training with zero-knowledge mode off (the server hears the recording itself)",
} as const;

const LABEL = { face: "Face", voice: "Voice" } as const;

/** What the person is told about one modality: every word follows from the server's own report. */
export function standingLine(modality: "face" | "voice", standing: ModalityStanding): string {
  const label = LABEL[modality];
  // Held for review: the server's own sentence, since no retake settles it. A verification from
  // before the live check: the server's sentence says why it lapsed and what verifies it again.
  if ((standing.pendingReview || standing.reverifyNeeded) && standing.restriction) {
    return `${label}: ${standing.restriction}`;
  }
  if (!standing.enrolled) return `${label}: not enrolled`;
  if (standing.verified) return `${label}: enrolled and verified by the server`;
  return (
    `${label}: enrolled, not verified — notices under your name need a verified ${modality}; ` +
    `verify by ${HOW_TO_VERIFY[modality]}. Scans still look for it, and a match says it rests on an unverified enrolment.`
  );
}

/** The face and voice lines, with the unverified ones marked as a warning. */
export function EnrolmentStanding({ standing, label }: { standing: LikenessStanding; label: string }) {
  return (
    <ul className="check-list" aria-label={label}>
      {(["face", "voice"] as const).map((modality) => (
        <li key={modality} className={standing[modality].noticesBlocked ? "text-danger" : undefined}>
          {standingLine(modality, standing[modality])}
        </li>
      ))}
    </ul>
  );
}
