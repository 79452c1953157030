/**
 * Shapes of the API answers the screens read: the types of the web contract's schemas, written once
 * in the domain (packages/domain/src/<context>/web-contract.ts, docs/architecture.md "The web contract").
 */

export type {
  ChecklistItem,
  DataExpiryDays,
  LikenessStanding,
  MembershipTier,
  ModalityStanding,
  NotificationSettings,
  PrivacySettings,
  Profile,
  ScanFrequency,
  ScanPreferences,
  Sensitivity,
} from "@lg/domain/accounts/web-contract";
export type { Consent } from "@lg/domain/biometrics/web-contract";
export type { DemoProfile } from "@lg/domain/demo/web-contract";
export type { HealthReport, StatusPage, SystemMetrics, UptimeWindow } from "@lg/domain/system/web-contract";
export type { DmcaDraft, FormField, SendResult } from "@lg/domain/takedowns/web-contract";
export type {
  EvidenceCheck,
  NoPictureReason,
  OperatingPoint,
  ScanStatus,
  Stats,
  Threat,
  ThreatClassification,
  ThreatDetection,
  ThreatSeverity,
  ThreatSignal,
  ThreatTakedown,
  ThreatType,
} from "@lg/domain/threats/web-contract";
