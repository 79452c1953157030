import { describeEvidence, describeFindings, describeMaterial, fullName, type NoticeElement } from "./sections.js";
import type { NoticeInput } from "./types.js";

/** Where nobody can be asked to remove it: keep the evidence and give the person a referral they can use. */
export function noChannelElements(input: NoticeInput, platformName: string, explanation: string): NoticeElement[] {
  const { threat, person } = input;
  return [
    { key: "why", heading: "Why no notice can be sent", body: explanation },
    { key: "location", heading: "Where the material is", body: describeMaterial(threat, platformName) },
    { key: "evidence", heading: "Evidence kept", body: `${describeFindings(threat)}\n${describeEvidence(threat)}` },
    {
      key: "referral",
      heading: "Law-enforcement referral",
      body:
        `To the police / cybercrime unit: I, ${fullName(person)} (${person.email}), report the publication of ` +
        `the material above, which misuses my likeness without my consent. The evidence package identified by ` +
        `the hash above was captured and preserved unaltered by the LikenessGuard service and can be provided on request. ` +
        `In the US you can also report at ic3.gov; in the EU, to your national police cybercrime unit.`,
    },
  ];
}

export const NO_CHANNEL_TITLE = "Evidence record and law-enforcement referral";
