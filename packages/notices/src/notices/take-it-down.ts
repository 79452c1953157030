import { claimsSynthesis } from "@lg/domain/threats/claim-policy";
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

/** Section 3 of the TAKE IT DOWN Act: signature, identification and location, non-consent statement, contact. */
export function takeItDownElements(input: NoticeInput, platformName: string): NoticeElement[] {
  const depicted = fullName(input.person);
  // "Digital forgery" only where synthetic-media evidence was found; a real intimate image is not called one.
  const forgery = claimsSynthesis(threatEvidence(input.threat).synthetic);
  return [
    {
      key: "identification",
      heading: "1. Intimate visual depiction: identification and location",
      body:
        `An intimate visual depiction of me, ${depicted}${forgery ? ", which is a digital forgery (AI-generated or manipulated)" : ""}, ` +
        `published on ${platformName}.\n${describeMaterial(input.threat, platformName)}`,
    },
    {
      key: "evidence",
      heading: "2. Evidence",
      body: `${describeFindings(input.threat)}\n${describeEvidence(input.threat)}`,
    },
    {
      key: "nonConsent",
      heading: "3. Statement of non-consent",
      body:
        `I have a good faith belief that the intimate visual depiction identified above is not consensual: ` +
        `I, ${depicted}, am the identifiable individual depicted and I did not consent to its publication` +
        `${forgery ? ", nor to its creation" : ""}.`,
    },
    { key: "contact", heading: "4. Contact information", body: describeContact(input.person) },
    {
      key: "removalDeadline",
      heading: "Removal requested",
      body:
        "Under the TAKE IT DOWN Act, please remove this depiction as soon as possible and no later than 48 hours " +
        "after receiving this request, and make reasonable efforts to identify and remove any known identical copies.",
    },
    { key: "signature", heading: "Signature", body: signatureLine(input) },
  ];
}

export const TAKE_IT_DOWN_TITLE = "Removal request for a non-consensual intimate visual depiction (TAKE IT DOWN Act)";
