import { claimsSynthesis } from "@lg/domain/threats/claim-policy";
import { matchPhrase } from "@lg/domain/threats/match-band";
import { signalNames } from "@lg/domain/threats/signal-names";
import { type ThreatRecord, threatEvidence } from "../threat.js";
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
  photo: "photograph",
  recording: "voice recording",
};

/** The claimed original, named so the platform (and the person) can see which work the claim rests on. */
export function describeOriginalWork(person: PersonIdentity, work: OriginalWork): string {
  // Only a copy is claimed (input.ts claimableOriginals): never "derived from", which a synthesized likeness is not.
  const copy =
    work.match === "same-file"
      ? "is a copy of it: the same file, by its SHA-256 hash"
      : "reproduces it: the same picture, resized or re-encoded, by its perceptual hash";
  const lines = [
    `My original ${MODALITY_WORDS[work.modality]} of me, ${fullName(person)}, which I made or own, registered with ` +
      `the LikenessGuard identity protection service on ${dateOnly(work.enrolledAt)} (reference ${work.sampleId}). ` +
      `I state that the material below ${copy}.`,
  ];
  if (work.description) lines.push(`Description: ${work.description}`);
  if (work.publicUrl) lines.push(`The original can be seen at: ${work.publicUrl}`);
  lines.push("A copy of the original is available to you on request.");
  return lines.join("\n");
}

const percent = (value: number) => `${Math.round(value)}%`;
const rate = (value: number) => `${(value * 100).toFixed(1)}%`;

/**
 * How reliable a detector's finding is, in one plain sentence a platform's reviewer can weigh. Not
 * where it was measured: that names our development data, which means nothing to them.
 */
function operatingPointWords(point: { falsePositiveRate: number } | undefined) {
  if (!point) return "";
  return ` In our tests, at the setting used, it wrongly flagged ${rate(point.falsePositiveRate)} of genuine media.`;
}

/**
 * The rate behind a synthesis claim, in the same sentence: "in our tests, at the setting used, it
 * wrongly flagged 0.0% of 311 genuine pictures". Not where it was measured (see operatingPointWords).
 */
function measuredRateWords(point: { falsePositiveRate: number; genuineCount?: number } | undefined) {
  if (!point) return "";
  const of = point.genuineCount !== undefined ? `${point.genuineCount} genuine pictures` : "genuine media";
  return `; in our tests, at the setting used, it wrongly flagged ${rate(point.falsePositiveRate)} of ${of}`;
}

/**
 * What detection found, in the product's words and from the threat's stored evidence only: the
 * likeness match, the synthetic-media verdict with its detectors and stated false-positive rate,
 * the explicit-content finding. Never the alert's wording or title.
 */
export function describeFindings(threat: ThreatRecord): string {
  const evidence = threatEvidence(threat);
  const { likeness, synthetic } = evidence;
  // The band first, in words a reviewer can weigh; the matcher's own score beside it.
  const strength = `our matcher rates it a ${matchPhrase(likeness.confidence)}, ${percent(likeness.confidence)}`;
  let found: string;
  const registered = evidence.registeredImage;
  if (likeness.modality === "registered-image" && registered) {
    found =
      `Media that matches an intimate image of me which I registered by a hash computed on my own device, ` +
      `the image itself never shared: its PDQ perceptual hash differs from the registered one in ${registered.distance} of 256 bits ` +
      `(${registered.threshold} or fewer is a match${registered.variant === "original" ? "" : ", as a rotated or mirrored copy"}).`;
  } else if (likeness.modality === "profile") {
    const name = likeness.nameMatch ? ` under a name like "${likeness.nameMatch}"` : "";
    const handle = likeness.handle && likeness.handle !== "unknown" ? ` @${likeness.handle}` : "";
    found = `An account${handle} presents itself${name}, and its profile picture shows a face that matches my face (${strength}).`;
  } else if (likeness.modality === "voice") {
    found = `A recording of a voice that matches my voice (${strength}).`;
  } else {
    found = `Media showing a face that matches my face (${strength}).`;
  }
  const lines = [found];
  if (evidence.type === "intimate_imagery" && !registered) {
    const score = evidence.intimate?.score;
    lines.push(
      `Automated explicit-content detection found it to be an intimate (sexually explicit) depiction` +
        `${score !== undefined ? ` (score ${percent(score * 100)})` : ""}.${operatingPointWords(evidence.intimate?.operatingPoint)}`,
    );
  }
  if (claimsSynthesis(synthetic)) {
    const how = synthetic.declared
      ? "The file itself declares that it was generated or altered by AI"
      : "Automated synthetic-media detection found it to be AI-generated or manipulated";
    const by = synthetic.detectors.length > 0 ? ` (${signalNames(synthetic.detectors)})` : "";
    const score = synthetic.score !== null ? `, score ${percent(synthetic.score * 100)}` : "";
    lines.push(`${how}${by}${score}${measuredRateWords(synthetic.operatingPoint)}.`);
  } else if (synthetic.status === "synthetic" || synthetic.status === "possibly-synthetic") {
    // A reading below the bar for a claim: the notice neither claims nor names it.
    lines.push("This notice makes no claim about how the material was made.");
  } else if (likeness.modality !== "profile") {
    lines.push(
      synthetic.status === "unknown"
        ? "Whether it is synthetic could not be checked; this notice does not claim it is."
        : "No synthetic-media evidence was found; this notice does not claim it is fake.",
    );
  }
  return lines.join("\n");
}

/** Where the material is, as found: its URL, other sightings, and its own title and type. */
export function describeMaterial(threat: ThreatRecord, platformName: string): string {
  const found = threatEvidence(threat).found;
  const lines = [
    `On ${platformName}.`,
    `URL: ${threat.url}`,
    ...threat.sightings.filter((s) => s.url !== threat.url).map((s) => `Also at: ${s.url}`),
  ];
  if (threat.contentType) lines.push(`Content type: ${threat.contentType}`);
  if (found.title) lines.push(`Title as published: ${found.title}`);
  return lines.join("\n");
}

/** The hash and capture time let the platform confirm it removed exactly what we captured. */
export function describeEvidence(threat: ThreatRecord): string {
  const hash = threat.evidenceData?.hash ?? threat.mediaSha256;
  const capturedAt = threat.evidenceData?.capturedAt ?? threat.createdAt;
  return [
    `SHA-256 of the material as captured: ${hash}`,
    `Captured at: ${capturedAt}`,
    "An evidence package is preserved unaltered and is available on request: the captured media, a record of the page where it was found and when (page.json), and what our detectors measured (detection.json).",
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
