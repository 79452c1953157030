/**
 * "Designed for", never "certified": each control of SOC 2, GDPR and Illinois BIPA we design for,
 * and the code that does it. We hold no SOC 2 report and no ISO certificate, and say so.
 */
export interface ControlMapping {
  framework: "SOC 2" | "GDPR" | "BIPA";
  control: string;
  whatTheCodeDoes: string;
}

export const COMPLIANCE_STATUS =
  "LikenessGuard is designed for these frameworks. It has not been audited or certified against any of them: we hold no SOC 2 report and no ISO 27001 certificate, and offer no uptime SLA.";

export const CONTROL_MAPPINGS: ControlMapping[] = [
  {
    framework: "SOC 2",
    control: "CC6.1 Logical access and encryption",
    whatTheCodeDoes:
      "Biometric storage, evidence storage, the database and the matching gallery (Aurora PostgreSQL, in isolated subnets, reached only through the IAM-signed Data API) are encrypted with customer-managed AWS KMS keys; buckets block public access and refuse plain HTTP; each face and voice embedding is sealed with its own AES-256-GCM data key, and its gallery copy is a plain vector inside the encrypted database, because matching must read it.",
  },
  {
    framework: "SOC 2",
    control: "CC6.3 Least privilege",
    whatTheCodeDoes:
      "Each group of API routes and each workflow step runs as its own role, granted only the tables, buckets and keys it uses; only account deletion may delete evidence. Tests assert these grants.",
  },
  {
    framework: "SOC 2",
    control: "CC7.2 Monitoring",
    whatTheCodeDoes:
      "Alarms on API server errors, function errors and throttles, and failed, timed-out or aborted workflows; access logs of the biometric and evidence storage; a health check of every dependency.",
  },
  {
    framework: "SOC 2",
    control: "CC8.1 Change management",
    whatTheCodeDoes:
      "All infrastructure is code (AWS CDK), checked before deployment by cdk-nag's AWS Solutions, NIST 800-53 rev. 5 and HIPAA Security rules and by checkov, with no finding left without a written reason, and by infrastructure tests.",
  },
  {
    framework: "SOC 2",
    control: "C1.2 Disposal of confidential information",
    whatTheCodeDoes:
      "Lifecycle rules delete raw samples on the schedule each person chooses; deleting an account deletes every record, object and object version it owns.",
  },
  {
    framework: "GDPR",
    control: "Art. 9 Explicit consent for biometric data",
    whatTheCodeDoes:
      "Every biometric route refuses to work until the person has given the current version of the consent, which is stored with its time.",
  },
  {
    framework: "GDPR",
    control: "Art. 5(1)(e) Storage limitation",
    whatTheCodeDoes:
      "Auto-delete after 30, 90 or 180 days; the retention schedule in the privacy policy is checked against the storage rules by tests.",
  },
  {
    framework: "GDPR",
    control: "Art. 15 and 20 Access and portability",
    whatTheCodeDoes: "Export My Data downloads the person's records as JSON.",
  },
  {
    framework: "GDPR",
    control: "Art. 17 Erasure",
    whatTheCodeDoes:
      "Deleting biometric data, or the whole account, removes it at once from the database and every bucket, old versions included; tests prove nothing of the person remains.",
  },
  {
    framework: "GDPR",
    control: "Art. 25 Data protection by design",
    whatTheCodeDoes:
      "Zero-knowledge mode analyses face and voice in the browser, so photos and recordings never reach our servers.",
  },
  {
    framework: "GDPR",
    control: "Art. 30 and 32 Records and security of processing",
    whatTheCodeDoes:
      "An append-only audit log of who did what in an account, exportable by its admins; logs never hold bodies, cookies, codes or embeddings.",
  },
  {
    framework: "BIPA",
    control: "740 ILCS 14/15(a) Public retention schedule and destruction guidelines",
    whatTheCodeDoes: "The privacy policy's retention schedule, enforced by lifecycle rules and database expiry.",
  },
  {
    framework: "BIPA",
    control: "740 ILCS 14/15(b) Informed written consent before collection",
    whatTheCodeDoes: "The consent gate above: nothing biometric is accepted before consent.",
  },
  {
    framework: "BIPA",
    control: "740 ILCS 14/15(c)-(d) No sale, no disclosure",
    whatTheCodeDoes:
      "No route sends biometric data to anyone but the person it belongs to, and the enrolled photo shown beside a match is the account owner's alone.",
  },
  {
    framework: "BIPA",
    control: "740 ILCS 14/15(e) Reasonable care in storage",
    whatTheCodeDoes: "The encryption and least-privilege controls above.",
  },
];
