import { threatEvidence } from "../threat.js";
import {
  describeContact,
  describeEvidence,
  describeFindings,
  describeMaterial,
  fullName,
  type NoticeElement,
  signatureLine,
} from "./sections.js";
import type { NoticeInput } from "./types.js";

/**
 * The law behind a likeness report, stated only as far as it reaches: a synthesized voice or face is
 * no copy of any file (so no copyright claim), but state right-of-publicity law protects a person's
 * likeness, and Tennessee's ELVIS Act (2024) names simulated voices. Which state's law governs
 * depends on where the person lives, which a notice does not decide, so it says "may".
 */
function publicityGrounds(type: ReturnType<typeof threatEvidence>["type"]): string {
  if (type === "voice_clone") {
    return " It may also breach state right-of-publicity laws, which protect a person's name, likeness and voice against use without consent; Tennessee's ELVIS Act (2024) expressly covers a simulation of a person's voice.";
  }
  if (type === "deepfake" || type === "likeness_misuse") {
    return " It may also breach state right-of-publicity laws, which protect a person's name and likeness against use without consent.";
  }
  return "";
}

/** A report under the platform's own impersonation/privacy policy: no statute, so the facts carry it. */
export function platformReportElements(input: NoticeInput, platformName: string): NoticeElement[] {
  const { threat, person } = input;
  const evidence = threatEvidence(threat);
  const medium = evidence.likeness.modality === "voice" ? "voice" : "image";
  const what = {
    impersonation: "an account impersonating me, presenting itself as me",
    likeness_misuse: `my ${medium}, published without my consent, in breach of my privacy and my right to control the commercial and public use of my likeness (right of publicity)`,
    deepfake: "synthetic (AI-generated or manipulated) media depicting me, made and published without my consent",
    voice_clone: "a synthetic imitation of my voice, made and published without my consent",
    intimate_imagery: "an intimate depiction of me published without my consent",
  }[evidence.type];
  return [
    {
      key: "explanation",
      heading: "1. What is wrong",
      body: `I am ${fullName(person)}. The content below is ${what}, which breaks ${platformName}'s rules on impersonation and privacy.${publicityGrounds(evidence.type)}`,
    },
    { key: "location", heading: "2. Where it is", body: describeMaterial(threat, platformName) },
    { key: "evidence", heading: "3. Evidence", body: `${describeFindings(threat)}\n${describeEvidence(threat)}` },
    { key: "contact", heading: "4. Contact information", body: describeContact(person) },
    {
      key: "goodFaith",
      heading: "5. Statement",
      body: "I believe in good faith that this use of my likeness is not authorised, and the information in this report is accurate.",
    },
    { key: "signature", heading: "Signature", body: signatureLine(input) },
  ];
}

export const PLATFORM_REPORT_TITLE = "Report of impersonation / use of my likeness without consent";
