import { threatTypeLabel } from "../threat.js";
import {
  describeContact,
  describeEvidence,
  describeMaterial,
  fullName,
  type NoticeElement,
  signatureLine,
} from "./sections.js";
import type { NoticeInput } from "./types.js";

/** A report under the platform's own impersonation/privacy policy: no statute, so the facts carry it. */
export function platformReportElements(input: NoticeInput, platformName: string): NoticeElement[] {
  const { threat, person } = input;
  const what =
    threat.threatType === "impersonation"
      ? "an account or post impersonating me, presenting itself as me"
      : `a ${threatTypeLabel(threat.threatType).toLowerCase()} using my likeness without my consent`;
  return [
    {
      key: "explanation",
      heading: "1. What is wrong",
      body: `I am ${fullName(person)}. The content below is ${what}, which breaks ${platformName}'s rules on impersonation and privacy.`,
    },
    { key: "location", heading: "2. Where it is", body: describeMaterial(threat, platformName) },
    { key: "evidence", heading: "3. Evidence", body: describeEvidence(threat) },
    { key: "contact", heading: "4. Contact information", body: describeContact(person) },
    {
      key: "goodFaith",
      heading: "5. Statement",
      body: "I believe in good faith that this use of my likeness is not authorised, and the information in this report is accurate.",
    },
    { key: "signature", heading: "Signature", body: signatureLine(input) },
  ];
}

export const PLATFORM_REPORT_TITLE = "Report of impersonation / misuse of my likeness";
