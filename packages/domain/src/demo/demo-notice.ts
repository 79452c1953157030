import { composeNotice, defaultRecipientDirectory } from "@lg/notices";
import type { MembershipTier } from "../table/entities.js";
import type { ThreatClassification } from "../threats/classification-schema.js";
import type { ThreatRecord } from "../threats/threat-ports.js";
import { DEMO_PERSONAS } from "./demo-catalogue.js";

/** A demo threat as DemoService.threatsFor lists it, with the classification its notice rests on. */
export interface DemoThreatView {
  id: string;
  threatType: ThreatRecord["threatType"];
  confidence: number;
  platform: string;
  contentType?: string;
  url: string;
  title?: string;
  createdAt: string;
  evidenceData?: { hash: string };
  detection?: Record<string, unknown>;
  classification: ThreatClassification;
}

/** What the demo dashboard shows of a notice: the real generator's text for the demo persona; never sent. */
export interface DemoNotice {
  demo: true;
  threatId: string;
  route: string;
  recipient: string;
  reason: string;
  subject: string;
  requestContent: string;
}

/**
 * The notice the real generator writes for a demo threat, signed as the demo persona. Visitors see
 * what a takedown looks like without an account; there is no Send: a demo notice goes nowhere.
 */
export function demoNotice(tier: MembershipTier, threat: DemoThreatView, now: Date): DemoNotice {
  const persona = DEMO_PERSONAS[tier];
  const [firstName = persona.fullName, ...rest] = persona.fullName.split(" ");
  const record: ThreatRecord = {
    userId: `demo-${tier}`,
    id: threat.id,
    personId: "demo-persona",
    threatType: threat.threatType,
    confidence: threat.confidence,
    platform: threat.platform,
    ...(threat.contentType ? { contentType: threat.contentType } : {}),
    url: threat.url,
    ...(threat.title ? { title: threat.title } : {}),
    status: "active",
    mediaSha256: threat.evidenceData?.hash ?? "",
    detection: threat.detection ?? {},
    classification: threat.classification,
    sightings: [],
    createdAt: threat.createdAt,
    updatedAt: threat.createdAt,
  };
  const notice = composeNotice(
    {
      person: { firstName, lastName: rest.join(" "), email: persona.email },
      signer: { kind: "self", fullName: persona.fullName },
      threat: record,
      confirmations: {},
      automatic: false,
      signedAt: now.toISOString(),
    },
    defaultRecipientDirectory(),
  );
  const recipient = notice.recipient;
  return {
    demo: true,
    threatId: threat.id,
    route: notice.route,
    recipient:
      recipient.kind === "channel"
        ? `${recipient.platformName} (${recipient.channel.kind.replace("_", " ")})`
        : recipient.platformName,
    reason: notice.decision.reason,
    subject: notice.subject,
    requestContent: notice.text,
  };
}
