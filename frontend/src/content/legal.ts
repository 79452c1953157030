/**
 * The privacy policy (with the retention schedule Illinois BIPA requires), the terms and the DMCA
 * policy, written from what the code does. Every period named here is a rule in the code or the CDK:
 * test/infra/legal-promises.test.ts checks each row's days against the lifecycle rules, Object Lock,
 * log retention and TTLs it names, so a page cannot promise a deletion that nothing performs.
 */

/** What enforces a retention row: the test looks each one up in the CDK or the domain. */
export type RetentionMechanism =
  | "biometric-lifecycle"
  | "biometric-embeddings"
  | "gallery-rows"
  | "evidence-object-lock"
  | "scan-findings-ttl"
  | "session-ttl"
  | "demo-ttl"
  | "team-invitation-expiry"
  | "access-log-lifecycle"
  | "service-log-retention"
  | "account-lifetime";

export interface RetentionRow {
  data: string;
  where: string;
  kept: string;
  /** Every number of days `kept` names, in order: what the test compares with the mechanism. */
  days: number[];
  mechanism: RetentionMechanism;
  /**
   * The kinds of AWS store the row's data lives in, when it is biometric data: the test checks that
   * every store of the deployed stages that can hold biometric data is covered by some row (BIPA asks
   * the schedule to cover every copy of a biometric identifier).
   */
  biometricStores?: BiometricStore[];
}

/** CloudFormation types of the stores biometric data is kept in. */
export type BiometricStore = "AWS::S3::Bucket" | "AWS::DynamoDB::Table" | "AWS::RDS::DBCluster";

/** Production's periods (cdk.json "prod"); a development stage keeps evidence and logs for less. */
export const RETENTION: RetentionRow[] = [
  {
    data: "Face photos and voice recordings you enrol",
    where: "Biometric storage (Amazon S3), encrypted with our own key in AWS KMS",
    kept: "Deleted automatically 30, 90 or 180 days after upload, as you choose in Privacy Settings (90 days unless you change it), or kept until you delete them. The previous copy of a replaced or deleted file is erased 1 day later.",
    days: [30, 90, 180, 90, 1],
    mechanism: "biometric-lifecycle",
    biometricStores: ["AWS::S3::Bucket"],
  },
  {
    data: "Face and voice embeddings (the numbers we match with); beside each, the enrolled file's SHA-256 and, for a photo, its perceptual hash, which identify that file (not your face or voice) so a found copy of it can be shown, and are kept and deleted with the embedding",
    where: "Our database (Amazon DynamoDB), each sealed with its own AES-256-GCM key wrapped by AWS KMS",
    kept: "On the same schedule as the recording they came from: 30, 90 or 180 days, or until you delete them. An expired embedding is never matched again and is deleted when next read.",
    days: [30, 90, 180],
    mechanism: "biometric-embeddings",
    biometricStores: ["AWS::DynamoDB::Table"],
  },
  {
    data: "The matching gallery: a search copy of each face and voice embedding, which found media is compared against (an uploaded photo not yet verified by the live check is held there but never searched)",
    where:
      "Our matching database (Amazon Aurora PostgreSQL with pgvector). The copies are plain numbers inside it, because the database must read them to compare; its storage, backups and sign-in secrets are encrypted with our own key in AWS KMS, it sits in a private network with no route in or out, and only the parts of the service granted it reach it, through the IAM-signed RDS Data API (the health check signs in with a read-only role)",
    kept: "On the same schedule as the embedding it copies: 30, 90 or 180 days, or until you delete it. It is never matched after that date, and is deleted with the embedding, at once when you delete your biometric data or your account. The database's automatic backup keeps it 1 day more.",
    days: [30, 90, 180, 1],
    mechanism: "gallery-rows",
    biometricStores: ["AWS::RDS::DBCluster"],
  },
  {
    data: "Evidence packages: the found media, page.json (where and when it was found) and detection.json (what our detectors measured), with a manifest of their hashes",
    where: "Evidence storage (Amazon S3), write-once (Object Lock), encrypted with our own key",
    kept: "Up to 2557 days (7 years) so they can back a claim, unchanged; deleted at once, every version, when you delete your account.",
    days: [2557],
    mechanism: "evidence-object-lock",
    biometricStores: ["AWS::S3::Bucket"],
  },
  {
    data: "Scan findings: what our detectors found in media a scan looked at (scores, no embeddings)",
    where: "Our database",
    kept: "1 day after the scan, then removed by the database's expiry.",
    days: [1],
    mechanism: "scan-findings-ttl",
  },
  {
    data: "Sign-in sessions (we keep only a hash of the cookie)",
    where: "Our database; sign-in itself is Amazon Cognito",
    kept: "7 days, or until you sign out.",
    days: [7],
    mechanism: "session-ttl",
  },
  {
    data: "Demo profiles typed in without an account",
    where: "Our database",
    kept: "1 day.",
    days: [1],
    mechanism: "demo-ttl",
  },
  {
    data: "Team invitations",
    where: "Our database (only a hash of the invitation's token)",
    kept: "7 days, unless accepted.",
    days: [7],
    mechanism: "team-invitation-expiry",
  },
  {
    data: "Storage access logs: which stored file was read or written, when, by which service role",
    where: "A private log bucket (Amazon S3)",
    kept: "400 days.",
    days: [400],
    mechanism: "access-log-lifecycle",
  },
  {
    data: "Service logs: requests' outcomes and errors, never bodies, cookies, codes or embeddings",
    where: "Amazon CloudWatch Logs",
    kept: "365 days.",
    days: [365],
    mechanism: "service-log-retention",
  },
  {
    data: "Your profile, consents, scans, threats, notices, alerts and your account's audit log",
    where: "Our database",
    kept: "Until you delete your account; then all of it is deleted at once.",
    days: [],
    mechanism: "account-lifetime",
  },
];

export interface PolicySection {
  heading: string;
  paragraphs: string[];
}

export const SUB_PROCESSORS: { name: string; does: string }[] = [
  {
    name: "Amazon Web Services (region eu-west-1, Ireland)",
    does: "Runs the whole service: hosting (CloudFront, Lambda, Step Functions), storage (S3, DynamoDB, Aurora PostgreSQL), encryption keys (KMS), sign-in (Cognito), email (SES) and text messages (SNS).",
  },
  {
    name: "Stripe",
    does: "Takes payments on its own checkout page; card details go to Stripe, never to us.",
  },
  {
    name: "Your browser's push service (Apple, Google or Mozilla), if you turn on push alerts",
    does: "Carries push alerts to your device, encrypted for your browser alone (RFC 8291), so the push service cannot read them.",
  },
];

export const PRIVACY_POLICY: PolicySection[] = [
  {
    heading: "What we collect, and why",
    paragraphs: [
      "Your account details (email address or phone number, name, the handles you give us), the face photos and voice recording you enrol, and what our scans find. We use them only to find, evidence and take down uses of your likeness, and to run your account.",
      "Biometric data (your face and voice, and the embeddings computed from them) is collected only after you give written consent in the app; without a current consent every biometric upload is refused. Deleting your biometric data withdraws that consent and ends its use.",
      "We never sell, lease or trade biometric data, and no part of the service sends it to anyone but you (in your export).",
    ],
  },
  {
    heading: "Zero-knowledge mode",
    paragraphs: [
      "With zero-knowledge mode on, your face and voice are analysed in your browser: your photos and recordings never leave your device, and we store only the embeddings: sealed, with a search copy in the matching gallery (see the schedule below). Notices cannot be sent in your name on such an enrolment, because we cannot verify it.",
    ],
  },
  {
    heading: "How long we keep it, and how it is destroyed",
    paragraphs: [
      "The schedule below is enforced by the storage itself (lifecycle rules, write-once locks and database expiry), not by a person remembering to delete. Biometric data is destroyed at the end of the period you chose, when you delete it, or when you delete your account, whichever comes first. If you chose to keep it until you delete it, it stays until then.",
    ],
  },
  {
    heading: "Deleting and exporting your data",
    paragraphs: [
      "Delete All Biometric Data in Settings deletes every photo, recording and embedding at once, with every stored copy. Deleting your account removes everything else too: your profile, scans, threats, notices, evidence packages, sessions and your sign-in.",
      "Export My Data in Settings downloads your records as JSON (sealed embeddings, their keys and sign-in tokens left out; photos and recordings are not included). Notices already sent stay with the platforms they were sent to.",
    ],
  },
  {
    heading: "Security",
    paragraphs: [
      "Biometric data, evidence, our database and the matching gallery are encrypted at rest with keys we control in AWS KMS, and every connection uses TLS. The gallery's copies of embeddings are plain numbers inside their database, because matching must read them; that database is reachable from no network, only through the IAM-signed Data API by the parts of the service granted it. Each part of the service can reach only the data it needs, and our infrastructure code is checked against the AWS Solutions security rules (cdk-nag) by its tests.",
    ],
  },
];

export const TERMS: PolicySection[] = [
  {
    heading: "The service",
    paragraphs: [
      "LikenessGuard scans the platforms your plan includes for your face, voice and name, tells you what it finds, keeps evidence, and prepares or sends takedown notices you confirm. Scans run on your plan's schedule; a platform we cannot reach, or content that is not public, is not scanned. A finding is a measurement, not a certainty: the app shows how strong each match is, and you decide what to act on.",
    ],
  },
  {
    heading: "Your part",
    paragraphs: [
      "Enrol only your own face and voice. To protect someone else, invite them: they consent and enrol in their own name. Every notice states facts under penalty of perjury in your name: confirm them only when they are true.",
    ],
  },
  {
    heading: "Plans, trial and cancelling",
    paragraphs: [
      "Prices and the free trial are those on the pricing page. You can cancel from Settings at any time: cancelling stops further charges, and a cancelled plan runs to the end of the period already paid. Rights that consumer law gives you, such as withdrawal where it applies, are unaffected.",
    ],
  },
  {
    heading: "Ending your account",
    paragraphs: [
      "You can delete your account in Settings at any time. Everything we hold about you is then deleted as the privacy policy describes.",
    ],
  },
];

export const DMCA_POLICY: PolicySection[] = [
  {
    heading: "Notices we send for you",
    paragraphs: [
      "We prepare takedown notices from a finding and its evidence package, for the channel the platform offers: a DMCA notice, a TAKE IT DOWN Act request, an EU Digital Services Act notice or the platform's own report form. A notice is sent only once you have confirmed its statements: each time, or once for all as a standing statement when you turn on automatic takedowns (Professional and Enterprise plans).",
      "Each notice says what was found, where, and what evidence we keep. Platforms answer you, and you can record their answer in the takedown centre.",
      "Copyright covers a photo or recording, not your face or voice. A DMCA notice is offered only where the found media is a copy of a photo or recording you enrolled (the same file, or the same picture resized or re-encoded), and only if you state that you made or own it. A cloned voice or an AI-generated face copies no file of yours, so no copyright notice is offered for it: its notice rests on your privacy and right of publicity (the platform's impersonation and privacy channel, or a Digital Services Act or TAKE IT DOWN Act notice where those apply).",
    ],
  },
  {
    heading: "Counter-notices and mistakes",
    paragraphs: [
      "If a platform forwards a counter-notice, it reaches you as the complainant. If a notice was wrong, tell the platform and close the case in the takedown centre.",
    ],
  },
  {
    heading: "Content on LikenessGuard itself",
    paragraphs: [
      "LikenessGuard publishes no user content: found media is kept privately as evidence for the account that found it, shown only to that account and its team.",
    ],
  },
];
