import { type ThreatRecord, threatTypeLabel } from "../threat.js";
import type { NoticeInput, OriginalWork, PersonIdentity, Recipient } from "./types.js";

/** One named part of a notice; `key` names the legal element it satisfies. */
export interface NoticeElement {
  key: string;
  heading: string;
  body: string;
}

export function fullName(person: PersonIdentity): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

export function dateOnly(iso: string): string {
  return iso.slice(0, 10);
}

const MODALITY_WORDS: Record<OriginalWork["modality"], string> = {
  photo: "photograph(s)",
  recording: "voice recording(s)",
  photo_and_recording: "photograph(s) and voice recording(s)",
};

export function describeOriginalWork(person: PersonIdentity, work: OriginalWork): string {
  const lines = [
    `The original ${MODALITY_WORDS[work.modality]} of me, ${fullName(person)}, which I hold, registered with ` +
      `the LikenessGuard identity protection service on ${dateOnly(work.enrolledAt)}; the material below ` +
      "reproduces or is derived from it.",
  ];
  if (work.description) lines.push(`Description: ${work.description}`);
  if (work.publicUrl) lines.push(`The original can be seen at: ${work.publicUrl}`);
  lines.push("A copy of the original is available to you on request.");
  return lines.join("\n");
}

export function describeMaterial(threat: ThreatRecord, platformName: string): string {
  const lines = [
    `${threatTypeLabel(threat.threatType)} of me on ${platformName}.`,
    `URL: ${threat.url}`,
    ...threat.sightings.filter((s) => s.url !== threat.url).map((s) => `Also at: ${s.url}`),
  ];
  if (threat.contentType) lines.push(`Content type: ${threat.contentType}`);
  if (threat.title) lines.push(`Title as shown: ${threat.title}`);
  return lines.join("\n");
}

/** The hash and capture time let the platform confirm it removed exactly what we captured. */
export function describeEvidence(threat: ThreatRecord): string {
  const hash = threat.evidenceData?.hash ?? threat.mediaSha256;
  const capturedAt = threat.evidenceData?.capturedAt ?? threat.createdAt;
  return [
    `SHA-256 of the material as captured: ${hash}`,
    `Captured at: ${capturedAt}`,
    "An evidence package (the captured media, a screenshot and page metadata) is preserved unaltered and is available on request.",
  ].join("\n");
}

export function describeContact(person: PersonIdentity): string {
  const place = [person.address, person.city, person.country].filter(Boolean).join(", ");
  return [
    `Name: ${fullName(person)}`,
    place ? `Address: ${place}` : undefined,
    person.phone ? `Telephone: ${person.phone}` : undefined,
    `Email: ${person.email}`,
  ]
    .filter((line): line is string => line !== undefined)
    .join("\n");
}

export function signatureLine(input: NoticeInput): string {
  const { signer, person, signedAt } = input;
  const onBehalf =
    signer.kind === "authorised_agent"
      ? `\nAuthorised agent acting on behalf of ${fullName(person)}${signer.capacity ? ` (${signer.capacity})` : ""}`
      : "";
  return `/${signer.fullName}/ (electronic signature)${onBehalf}\nDate: ${dateOnly(signedAt)}`;
}

export function recipientLine(recipient: Recipient): string {
  if (recipient.kind === "none") return `${recipient.platformName} (no reporting channel)`;
  const { channel, platformName } = recipient;
  return channel.kind === "email"
    ? `${platformName}: ${channel.label} <${channel.address}>`
    : `${platformName}: ${channel.label} (${channel.url})`;
}
