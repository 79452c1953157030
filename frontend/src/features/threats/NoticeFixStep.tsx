import { Link } from "react-router-dom";

/**
 * The server refuses a notice on a likeness it never verified with "Your face|voice is enrolled but
 * not verified" (packages/domain/src/biometrics/enrolment-verification.ts); this reads which one.
 */
export function unverifiedModality(message: string): "face" | "voice" | null {
  const match = /Your (face|voice) is enrolled but not verified/.exec(message);
  return match ? (match[1] as "face" | "voice") : null;
}

const HOW = { face: "with the three live poses", voice: "with a live recording" } as const;

/** A notice names its sender and how to reach them: "A notice needs your email; complete your profile first." */
const PROFILE_INCOMPLETE = /A notice needs your (.+); complete your profile first/;

/** What lifts a server's refusal of a notice, read from its message; null when the person has nothing to fix. */
export function noticeFix(message: string) {
  const modality = unverifiedModality(message);
  if (modality) return { kind: "verify" as const, modality };
  const missing = PROFILE_INCOMPLETE.exec(message)?.[1];
  return missing ? { kind: "profile" as const, missing } : null;
}

/**
 * The step that lifts a refusal of a notice, one click away: verify the likeness it rests on (the
 * threat's stored match is revised when a scan finds it again, so the person is told to run one),
 * or add what the notice needs to name them (an account made with a phone number has no email
 * address until one is added in Settings).
 */
export function NoticeFixStep({ message }: { message: string }) {
  const fix = noticeFix(message);
  if (!fix) return null;
  if (fix.kind === "verify") return <VerifyLikenessStep modality={fix.modality} />;
  return (
    <p>
      <Link to="/settings" className="btn btn-secondary">
        Add your {fix.missing} in Settings
      </Link>{" "}
      then come back to send the notice.
    </p>
  );
}

/** The one step that verifies a face or voice, and what to do after it. */
export function VerifyLikenessStep({ modality }: { modality: "face" | "voice" }) {
  return (
    <p>
      <Link to={`/onboarding?step=${modality}`} className="btn btn-secondary">
        Verify your {modality} {HOW[modality]}
      </Link>{" "}
      then run a scan: it checks this threat again against your verified {modality}.
    </p>
  );
}
