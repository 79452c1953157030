import { isIntimateImagery, isSyntheticMedia, type ThreatRecord } from "../threat.js";
import {
  describeEvidence,
  describeFindings,
  describeMaterial,
  fullName,
  type NoticeElement,
  signatureLine,
} from "./sections.js";
import type { NoticeInput } from "./types.js";

function illegalityGrounds(threat: ThreatRecord, claimsCopyright: boolean): string[] {
  const grounds = [
    "It processes my personal data, my face or voice, without my consent or any other lawful basis (GDPR Articles 6 and 9).",
    "It violates my right to my own image and personality under the law of my member state.",
  ];
  if (threat.threatType === "impersonation") {
    grounds.push("It impersonates me, deceiving people into believing they are dealing with me.");
  } else if (isSyntheticMedia(threat)) {
    grounds.push("It is synthetic media presenting me as saying or doing what I did not, without my consent.");
  }
  if (claimsCopyright) {
    grounds.push("It reproduces my own photograph or recording without my authorisation (copyright).");
  }
  if (isIntimateImagery(threat)) {
    grounds.push(
      "It is an intimate image of me shared without my consent, an offence under Article 5 of Directive (EU) 2024/1385.",
    );
  }
  return grounds;
}

/** Article 16(2) DSA: (a) substantiated explanation, (b) exact URLs, (c) name and email, (d) bona fide statement. */
export function dsaElements(input: NoticeInput, platformName: string): NoticeElement[] {
  const { threat, person } = input;
  const grounds = illegalityGrounds(threat, input.copyrightClaim !== undefined && input.confirmations.ownsWork === true)
    .map((line) => `- ${line}`)
    .join("\n");
  return [
    {
      key: "explanation",
      heading: "(a) Why this content is illegal",
      body:
        `The content below uses the likeness of me, ${fullName(person)}, without my consent.\n` +
        `${describeFindings(threat)}\n${grounds}`,
    },
    { key: "location", heading: "(b) Exact location", body: describeMaterial(threat, platformName) },
    { key: "evidence", heading: "Evidence", body: describeEvidence(threat) },
    { key: "identity", heading: "(c) Name and email", body: `Name: ${fullName(person)}\nEmail: ${person.email}` },
    {
      key: "bonaFide",
      heading: "(d) Statement",
      body: "I confirm my bona fide belief that the information and allegations contained in this notice are accurate and complete.",
    },
    { key: "signature", heading: "Signature", body: signatureLine(input) },
  ];
}

export const DSA_TITLE =
  "Notice of illegal content under Article 16 of the Digital Services Act (Regulation (EU) 2022/2065)";
