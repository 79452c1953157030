import { inBothCompliancePacks } from "./justify.js";

/**
 * The frameworks the IaC audit (npm run audit:iac, docs/compliance/iac-audit.md) maps rules to.
 * SOC 2 ids are the 2017 Trust Services Criteria (common criteria CC, availability A); ISO ids are
 * ISO/IEC 27001:2022 Annex A; NIST ids are SP 800-53 rev. 5 base controls.
 */
export type Framework = "SOC 2" | "ISO/IEC 27001:2022" | "NIST SP 800-53 rev. 5";

export interface Control {
  framework: Framework;
  id: string;
  title: string;
}

const soc2 = (id: string, title: string): Control => ({ framework: "SOC 2", id, title });
const iso = (id: string, title: string): Control => ({ framework: "ISO/IEC 27001:2022", id, title });
const nist = (id: string, title: string): Control => ({ framework: "NIST SP 800-53 rev. 5", id, title });

/**
 * What a group of rules checks, and the controls that check serves as evidence for. A rule id is a
 * cdk-nag rule (`AwsSolutions-IAM5`, `NIST.800.53.R5-LambdaDLQ`; findings such as
 * `AwsSolutions-IAM5[Resource::*]` count under their rule) or a checkov check (`CKV_AWS_158`).
 * Only mappings the rule's own text supports: a rule that checks part of a control is evidence for
 * that part, never a claim that the control is met as a whole (people and processes are out of scope).
 */
export interface ControlObjective {
  id: string;
  objective: string;
  controls: Control[];
  nag: string[];
  checkov: string[];
}

export const CONTROL_OBJECTIVES: readonly ControlObjective[] = [
  {
    id: "encryption-at-rest",
    objective: "Stored data is encrypted, under customer-managed KMS keys that rotate",
    controls: [
      soc2("CC6.1", "Logical access security software, infrastructure and architectures"),
      iso("A.8.24", "Use of cryptography"),
      nist("SC-28", "Protection of information at rest"),
      nist("SC-12", "Cryptographic key establishment and management"),
    ],
    nag: [
      ...inBothCompliancePacks("CloudWatchLogGroupEncrypted"),
      ...inBothCompliancePacks("RDSStorageEncrypted"),
      ...inBothCompliancePacks("S3DefaultEncryptionKMS"),
      ...inBothCompliancePacks("SNSEncryptedKMS"),
      ...inBothCompliancePacks("SecretsManagerUsingKMSKey"),
      "NIST.800.53.R5-KMSBackingKeyRotationEnabled",
      "AwsSolutions-KMS5",
      "AwsSolutions-RDS2",
      "AwsSolutions-SQS2",
    ],
    checkov: [
      "CKV_AWS_7",
      "CKV_AWS_19",
      "CKV_AWS_26",
      "CKV_AWS_27",
      "CKV_AWS_96",
      "CKV_AWS_119",
      "CKV_AWS_149",
      "CKV_AWS_158",
      "CKV_AWS_173",
    ],
  },
  {
    id: "encryption-in-transit",
    objective: "Data moves only over TLS: HTTPS-only buckets, topics, queues and CloudFront",
    controls: [
      soc2("CC6.7", "Restricts the transmission of information to authorised users and protects it in transit"),
      iso("A.8.24", "Use of cryptography"),
      iso("A.5.14", "Information transfer"),
      nist("SC-8", "Transmission confidentiality and integrity"),
    ],
    nag: [
      ...inBothCompliancePacks("S3BucketSSLRequestsOnly"),
      "AwsSolutions-S10",
      "AwsSolutions-SNS3",
      "AwsSolutions-SQS4",
      "AwsSolutions-CFR4",
      "AwsSolutions-CFR5",
    ],
    checkov: ["CKV_AWS_34", "CKV_AWS_174", "CKV2_AWS_69", "CKV2_AWS_72"],
  },
  {
    id: "least-privilege",
    objective: "Each role may do only what its function needs: no admin or full-access statements, wildcards explained",
    controls: [
      soc2("CC6.1", "Logical access security software, infrastructure and architectures"),
      soc2("CC6.3", "Authorises, modifies or removes access based on roles, least privilege and segregation of duties"),
      iso("A.5.15", "Access control"),
      iso("A.8.2", "Privileged access rights"),
      nist("AC-3", "Access enforcement"),
      nist("AC-6", "Least privilege"),
    ],
    nag: [
      ...inBothCompliancePacks("IAMNoInlinePolicy"),
      ...inBothCompliancePacks("IAMPolicyNoStatementsWithAdminAccess"),
      ...inBothCompliancePacks("IAMPolicyNoStatementsWithFullAccess"),
      ...inBothCompliancePacks("IAMUserNoPolicies"),
      ...inBothCompliancePacks("LambdaFunctionPublicAccessProhibited"),
      "AwsSolutions-IAM4",
      "AwsSolutions-IAM5",
    ],
    checkov: [
      "CKV_AWS_33",
      "CKV_AWS_40",
      "CKV_AWS_60",
      "CKV_AWS_61",
      "CKV_AWS_62",
      "CKV_AWS_63",
      "CKV_AWS_107",
      "CKV_AWS_108",
      "CKV_AWS_109",
      "CKV_AWS_110",
      "CKV_AWS_111",
      "CKV_AWS_364",
    ],
  },
  {
    id: "boundary-protection",
    objective:
      "Nothing is public that should not be: private buckets, databases and subnets, closed security groups, web ACLs",
    controls: [
      soc2("CC6.6", "Logical access security measures against threats from sources outside its system boundaries"),
      iso("A.8.20", "Networks security"),
      iso("A.8.22", "Segregation of networks"),
      nist("SC-7", "Boundary protection"),
      nist("AC-4", "Information flow enforcement"),
    ],
    nag: [
      ...inBothCompliancePacks("S3BucketLevelPublicAccessProhibited"),
      ...inBothCompliancePacks("S3BucketPublicReadProhibited"),
      ...inBothCompliancePacks("S3BucketPublicWriteProhibited"),
      ...inBothCompliancePacks("RDSInstancePublicAccess"),
      ...inBothCompliancePacks("VPCDefaultSecurityGroupClosed"),
      ...inBothCompliancePacks("VPCSubnetAutoAssignPublicIpDisabled"),
      ...inBothCompliancePacks("EC2RestrictedSSH"),
      ...inBothCompliancePacks("EC2RestrictedCommonPorts"),
      ...inBothCompliancePacks("LambdaInsideVPC"),
      "AwsSolutions-S2",
      "AwsSolutions-S5",
      "AwsSolutions-CFR1",
      "AwsSolutions-CFR2",
      "AwsSolutions-CFR7",
      "AwsSolutions-EC23",
      "AwsSolutions-RDS11",
    ],
    checkov: [
      "CKV_AWS_17",
      "CKV_AWS_20",
      "CKV_AWS_24",
      "CKV_AWS_25",
      "CKV_AWS_53",
      "CKV_AWS_54",
      "CKV_AWS_55",
      "CKV_AWS_56",
      "CKV_AWS_57",
      "CKV_AWS_68",
      "CKV_AWS_117",
      "CKV_AWS_192",
      "CKV_AWS_260",
      "CKV2_AWS_75",
    ],
  },
  {
    id: "authentication",
    objective:
      "Sign-in is strong and secrets are managed: password policy, MFA, IAM database auth, no secrets in settings",
    controls: [
      soc2("CC6.1", "Logical access security software, infrastructure and architectures"),
      soc2("CC6.2", "Registers and authorises users before issuing credentials"),
      iso("A.8.5", "Secure authentication"),
      iso("A.5.17", "Authentication information"),
      nist("IA-2", "Identification and authentication (organizational users)"),
      nist("IA-5", "Authenticator management"),
    ],
    nag: [
      ...inBothCompliancePacks("SecretsManagerRotationEnabled"),
      "AwsSolutions-COG1",
      "AwsSolutions-COG2",
      "AwsSolutions-COG8",
      "AwsSolutions-APIG4",
      "AwsSolutions-RDS6",
      "AwsSolutions-SMG4",
    ],
    checkov: ["CKV_AWS_45", "CKV_AWS_162"],
  },
  {
    id: "logging-and-monitoring",
    objective: "What happens is logged, kept for a set time and alarmed on: access logs, flow logs, WAF logs, alarms",
    controls: [
      soc2("CC7.2", "Monitors system components for anomalies indicative of malicious acts, disasters and errors"),
      iso("A.8.15", "Logging"),
      iso("A.8.16", "Monitoring activities"),
      nist("AU-2", "Event logging"),
      nist("AU-11", "Audit record retention"),
      nist("AU-12", "Audit record generation"),
      nist("SI-4", "System monitoring"),
    ],
    nag: [
      ...inBothCompliancePacks("CloudWatchAlarmAction"),
      ...inBothCompliancePacks("CloudWatchLogGroupRetentionPeriod"),
      ...inBothCompliancePacks("S3BucketLoggingEnabled"),
      ...inBothCompliancePacks("VPCFlowLogsEnabled"),
      ...inBothCompliancePacks("WAFv2LoggingEnabled"),
      ...inBothCompliancePacks("RDSLoggingEnabled"),
      ...inBothCompliancePacks("RDSEnhancedMonitoringEnabled"),
      "AwsSolutions-APIG1",
      "AwsSolutions-CFR3",
      "AwsSolutions-S1",
      "AwsSolutions-SF1",
      "AwsSolutions-SF2",
      "AwsSolutions-VPC7",
    ],
    checkov: ["CKV_AWS_18", "CKV_AWS_66", "CKV_AWS_86", "CKV_AWS_95", "CKV_AWS_118"],
  },
  {
    id: "backup-and-recovery",
    objective: "Data can be recovered: point-in-time recovery, automated backups, versioned buckets",
    controls: [
      soc2("A1.2", "Environmental protections, software, data backup processes and recovery infrastructure"),
      iso("A.8.13", "Information backup"),
      nist("CP-9", "System backup"),
      nist("CP-10", "System recovery and reconstitution"),
    ],
    nag: [
      ...inBothCompliancePacks("DynamoDBPITREnabled"),
      ...inBothCompliancePacks("DynamoDBInBackupPlan"),
      ...inBothCompliancePacks("RDSInBackupPlan"),
      ...inBothCompliancePacks("RDSInstanceBackupEnabled"),
      ...inBothCompliancePacks("S3BucketVersioningEnabled"),
      ...inBothCompliancePacks("S3BucketReplicationEnabled"),
      "AwsSolutions-DDB3",
      "AwsSolutions-RDS13",
    ],
    checkov: ["CKV_AWS_21", "CKV_AWS_28"],
  },
  {
    id: "resilience",
    objective: "Failures are contained and not lost: multi-AZ database, deletion protection, failed events kept",
    controls: [
      soc2("A1.2", "Environmental protections, software, data backup processes and recovery infrastructure"),
      iso("A.8.14", "Redundancy of information processing facilities"),
      nist("CP-10", "System recovery and reconstitution"),
      nist("SI-11", "Error handling"),
    ],
    nag: [
      ...inBothCompliancePacks("RDSMultiAZSupport"),
      ...inBothCompliancePacks("RDSInstanceDeletionProtectionEnabled"),
      ...inBothCompliancePacks("LambdaDLQ"),
      "AwsSolutions-RDS3",
      "AwsSolutions-RDS10",
      "AwsSolutions-SQS3",
    ],
    checkov: ["CKV_AWS_116"],
  },
  {
    id: "capacity",
    objective: "Capacity follows demand and no function can starve the others",
    controls: [
      soc2("A1.1", "Maintains, monitors and evaluates current processing capacity"),
      iso("A.8.6", "Capacity management"),
      nist("SC-5", "Denial-of-service protection"),
    ],
    nag: [...inBothCompliancePacks("DynamoDBAutoScalingEnabled"), ...inBothCompliancePacks("LambdaConcurrency")],
    checkov: ["CKV_AWS_115"],
  },
  {
    id: "secure-configuration",
    objective:
      "Components stay patched and configured as reviewed: supported runtimes, minor-version upgrades, described rules",
    controls: [
      soc2(
        "CC7.1",
        "Detects configuration changes that introduce vulnerabilities, and newly discovered vulnerabilities",
      ),
      iso("A.8.8", "Management of technical vulnerabilities"),
      iso("A.8.9", "Configuration management"),
      nist("CM-6", "Configuration settings"),
      nist("SI-2", "Flaw remediation"),
    ],
    // Only the HIPAA pack has this rule.
    nag: ["HIPAA.Security-RDSAutomaticMinorVersionUpgradeEnabled", "AwsSolutions-L1", "AwsSolutions-EC27"],
    checkov: ["CKV_AWS_23", "CKV_AWS_363"],
  },
];

/** The rule a finding belongs to: `AwsSolutions-IAM5[Resource::*]` -> `AwsSolutions-IAM5`. */
export const ruleOf = (ruleId: string): string => ruleId.replace(/\[.*\]$/, "");

/** The objectives a rule (cdk-nag or checkov) is evidence for. */
export function objectivesOf(ruleId: string): ControlObjective[] {
  const rule = ruleOf(ruleId);
  return CONTROL_OBJECTIVES.filter((o) => o.nag.includes(rule) || o.checkov.includes(rule));
}
