/**
 * Every entity of the single table, one file each under entities/. ENTITIES drives the table design
 * (tableDesign), so the CDK table, the local table and docs/data-model.md are built from this list.
 */
import { FACE_CLAIM_ENTITIES } from "./face-claim-entities.js";
import { INTEGRATION_ENTITIES } from "./integration-entities.js";
import { REGISTERED_IMAGE_ENTITIES } from "./registered-image-entities.js";

export * from "./entities/account-audit-entry.js";
export * from "./entities/account-change-undo.js";
export * from "./entities/account-message-sent.js";
export * from "./entities/alert.js";
export * from "./entities/alert-owed.js";
export * from "./entities/auto-takedown-outcome.js";
export * from "./entities/billing-account.js";
export * from "./entities/billing-event.js";
export * from "./entities/biometric-consent.js";
export * from "./entities/biometric-sample.js";
export * from "./entities/cached-analysis.js";
export * from "./entities/crawl-look-back.js";
export * from "./entities/crawled-item.js";
export * from "./entities/demo-profile.js";
export * from "./entities/erased-account.js";
export * from "./entities/liveness-challenge.js";
export * from "./entities/media-finding.js";
export * from "./entities/people-register.js";
export * from "./entities/person-protection.js";
export * from "./entities/protected-person.js";
export * from "./entities/push-subscription.js";
export * from "./entities/rate-limit-counter.js";
export * from "./entities/scan.js";
export * from "./entities/scan-item-outcome.js";
export * from "./entities/scan-lock.js";
export * from "./entities/session.js";
export * from "./entities/status-incident.js";
export * from "./entities/status-probe-day.js";
export * from "./entities/status-probe-run.js";
export * from "./entities/subscription-claim.js";
export * from "./entities/takedown-event.js";
export * from "./entities/takedown-notice.js";
export * from "./entities/team-invitation.js";
export * from "./entities/team-member.js";
export * from "./entities/team-seat.js";
export * from "./entities/threat.js";
export * from "./entities/threat-audit-entry.js";
export * from "./entities/threat-counters.js";
export * from "./entities/threat-group.js";
export * from "./entities/threat-hash-band.js";
export * from "./entities/threat-poster-key.js";
export * from "./entities/user-profile.js";

import { AccountAuditEntry } from "./entities/account-audit-entry.js";
import { AccountChangeUndo } from "./entities/account-change-undo.js";
import { AccountMessageSent } from "./entities/account-message-sent.js";
import { Alert } from "./entities/alert.js";
import { AlertOwed } from "./entities/alert-owed.js";
import { AutoTakedownOutcome } from "./entities/auto-takedown-outcome.js";
import { BillingAccount } from "./entities/billing-account.js";
import { BillingEvent } from "./entities/billing-event.js";
import { BiometricConsent } from "./entities/biometric-consent.js";
import { BiometricSample } from "./entities/biometric-sample.js";
import { CachedAnalysis } from "./entities/cached-analysis.js";
import { CrawlLookBack } from "./entities/crawl-look-back.js";
import { CrawledItem } from "./entities/crawled-item.js";
import { DemoProfile } from "./entities/demo-profile.js";
import { ErasedAccount } from "./entities/erased-account.js";
import { LivenessChallengeItem } from "./entities/liveness-challenge.js";
import { MediaFinding } from "./entities/media-finding.js";
import { PeopleRegister } from "./entities/people-register.js";
import { PersonProtection } from "./entities/person-protection.js";
import { ProtectedPerson } from "./entities/protected-person.js";
import { PushSubscription } from "./entities/push-subscription.js";
import { RateLimitCounter } from "./entities/rate-limit-counter.js";
import { Scan } from "./entities/scan.js";
import { ScanItemOutcome } from "./entities/scan-item-outcome.js";
import { ScanLock } from "./entities/scan-lock.js";
import { Session } from "./entities/session.js";
import { StatusIncident } from "./entities/status-incident.js";
import { StatusProbeDay } from "./entities/status-probe-day.js";
import { StatusProbeRun } from "./entities/status-probe-run.js";
import { SubscriptionClaim } from "./entities/subscription-claim.js";
import { TakedownEvent } from "./entities/takedown-event.js";
import { TakedownNotice } from "./entities/takedown-notice.js";
import { TeamInvitation } from "./entities/team-invitation.js";
import { TeamMember } from "./entities/team-member.js";
import { TeamSeat } from "./entities/team-seat.js";
import { Threat } from "./entities/threat.js";
import { ThreatAuditEntry } from "./entities/threat-audit-entry.js";
import { ThreatCounters } from "./entities/threat-counters.js";
import { ThreatGroup } from "./entities/threat-group.js";
import { ThreatHashBand } from "./entities/threat-hash-band.js";
import { ThreatPosterKey } from "./entities/threat-poster-key.js";
import { UserProfile } from "./entities/user-profile.js";

export const ENTITIES = [
  UserProfile,
  BiometricConsent,
  BiometricSample,
  ProtectedPerson,
  PersonProtection,
  Scan,
  MediaFinding,
  ScanItemOutcome,
  Threat,
  ThreatHashBand,
  ThreatPosterKey,
  ThreatGroup,
  ThreatCounters,
  ThreatAuditEntry,
  TakedownNotice,
  TakedownEvent,
  Alert,
  ScanLock,
  ErasedAccount,
  AccountChangeUndo,
  PeopleRegister,
  TeamSeat,
  SubscriptionClaim,
  AlertOwed,
  AutoTakedownOutcome,
  PushSubscription,
  Session,
  DemoProfile,
  RateLimitCounter,
  BillingAccount,
  BillingEvent,
  TeamMember,
  TeamInvitation,
  AccountAuditEntry,
  StatusProbeRun,
  LivenessChallengeItem,
  AccountMessageSent,
  StatusProbeDay,
  StatusIncident,
  CrawledItem,
  CrawlLookBack,
  CachedAnalysis,
  ...INTEGRATION_ENTITIES,
  ...REGISTERED_IMAGE_ENTITIES,
  ...FACE_CLAIM_ENTITIES,
] as const;
