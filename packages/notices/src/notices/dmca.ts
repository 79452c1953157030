import { NoticeError } from "./errors.js";
import {
  describeContact,
  describeEvidence,
  describeFindings,
  describeMaterial,
  describeOriginalWork,
  type NoticeElement,
  signatureLine,
} from "./sections.js";
import type { NoticeInput } from "./types.js";

/** The six elements of 17 U.S.C. 512(c)(3)(A), in the statute's order, plus the evidence. */
export function dmcaElements(input: NoticeInput, platformName: string): NoticeElement[] {
  const work = input.copyrightClaim;
  // Only a person who claimed a named original can make a copyright claim; the router never routes here otherwise.
  if (!work) throw new NoticeError("COPYRIGHT_NOT_CLAIMED", 422, "A DMCA notice needs the original you made or own.");
  return [
    { key: "work", heading: "1. Copyrighted work", body: describeOriginalWork(input.person, work) },
    {
      key: "infringingMaterial",
      heading: "2. Infringing material and where it is",
      body: `${describeMaterial(input.threat, platformName)}\nPlease remove it or disable access to it.`,
    },
    {
      key: "evidence",
      heading: "3. Evidence",
      body: `${describeFindings(input.threat)}\n${describeEvidence(input.threat)}`,
    },
    { key: "contact", heading: "4. Contact information", body: describeContact(input.person) },
    {
      key: "goodFaith",
      heading: "5. Good-faith statement",
      body:
        "I have a good faith belief that use of the material in the manner complained of is not authorized " +
        "by the copyright owner, its agent, or the law.",
    },
    {
      key: "accuracy",
      heading: "6. Accuracy and authority",
      body:
        "The information in this notification is accurate, and under penalty of perjury, I am the owner, " +
        "or authorized to act on behalf of the owner, of an exclusive right that is allegedly infringed.",
    },
    { key: "signature", heading: "Signature", body: signatureLine(input) },
  ];
}

export const DMCA_TITLE = "Notice of claimed copyright infringement under 17 U.S.C. 512(c)(3)";
