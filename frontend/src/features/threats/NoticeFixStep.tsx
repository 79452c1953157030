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

/**
 * The step that lifts the refusal, one click away. The threat's stored match is revised when a scan
 * finds it again against the verified sample, so the person is told to run one.
 */
export function VerifyLikenessLink({ message }: { message: string }) {
  const modality = unverifiedModality(message);
  return modality ? <VerifyLikenessStep modality={modality} /> : null;
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
