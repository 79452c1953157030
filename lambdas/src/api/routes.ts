import {
  AccountDeletion,
  AccountExport,
  AuthMessage,
  CodeSent,
  ContactDetails,
  CurrentUser,
  MfaStatus,
  Profile,
  SignedOut,
  SignInAnswer,
  SignUpStarted,
  TotpSetup,
  UndoneChange,
} from "@lg/domain/accounts/web-contract";
import { BillingSummary, HostedPage } from "@lg/domain/billing/web-contract";
import {
  BiometricDeletion,
  Consent,
  LiveChallenge,
  LiveCheckResult,
  ReportedEnrolment,
  UploadEnrolment,
  UploadUrl,
} from "@lg/domain/biometrics/web-contract";
import { DemoNotice, DemoProfileAnswer } from "@lg/domain/demo/web-contract";
import { PUBLIC_API_OPERATIONS } from "@lg/domain/integrations/public-api-contract";
import {
  ApiKeyList,
  CreatedApiKey,
  DeliveryLog,
  EnabledWebhookEndpoint,
  RemovedWebhookEndpoint,
  ResentDelivery,
  RevokedApiKey,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
} from "@lg/domain/integrations/web-contract";
import {
  AcceptedInvitation,
  InvitationPreview,
  MyProtections,
  PeopleList,
  PersonAnswer,
  PersonDetail,
  Withdrawal,
} from "@lg/domain/people/web-contract";
import { PushSubscription, PushSubscriptionList, VapidPublicKey } from "@lg/domain/push/web-contract";
import { DeletedHashes, RegisteredHashList, RegistrationResult } from "@lg/domain/registered-images/web-contract";
import { HealthReport, StatusPage, SystemMetrics } from "@lg/domain/system/web-contract";
import { DmcaDraft, RecordedFiling, SendResult, TakedownDetail, TakedownPage } from "@lg/domain/takedowns/web-contract";
import {
  AuditLogPage,
  JoinedTeam,
  MyTeam,
  RemovedMember,
  RevokedInvitation,
  SentInvitation,
  TeamView,
} from "@lg/domain/team/web-contract";
import {
  BulkActionResult,
  EvidenceCheck,
  ScanStarted,
  ScanStatus,
  Stats,
  Threat,
  ThreatDetails,
  ThreatMediaFacts,
  ThreatPage,
} from "@lg/domain/threats/web-contract";
import type { AnswerSchema } from "@lg/domain/web-contract-check";

/**
 * Every HTTP route and the route group (one Lambda function each) that serves it.
 * The CDK API stack and the local HTTP adapter both read this table, so the two cannot differ.
 */
export const ROUTE_GROUPS = {
  auth: { entry: "lambdas/src/api/auth/router.ts", memoryMb: 256, description: "Sign-up, sign-in, sessions" },
  profile: { entry: "lambdas/src/api/profile/router.ts", memoryMb: 256, description: "Profile, preferences, privacy" },
  // Its own function: the only one allowed to bypass the evidence bucket's Object Lock retention.
  account: {
    entry: "lambdas/src/api/profile/account-router.ts",
    memoryMb: 256,
    timeoutSeconds: 120,
    description: "Account deletion, evidence included",
  },
  biometrics: {
    entry: "lambdas/src/api/biometrics/router.ts",
    memoryMb: 2048,
    timeoutSeconds: 60,
    description: "Consent, enrolment, biometric deletion",
  },
  threats: { entry: "lambdas/src/api/threats/router.ts", memoryMb: 512, description: "Threats, stats, scans" },
  takedowns: { entry: "lambdas/src/api/takedowns/router.ts", memoryMb: 512, description: "DMCA and notices" },
  push: { entry: "lambdas/src/api/push/router.ts", memoryMb: 256, description: "Web Push subscriptions" },
  people: { entry: "lambdas/src/api/people/router.ts", memoryMb: 256, description: "Protected people, invitations" },
  billing: {
    entry: "lambdas/src/api/billing/router.ts",
    memoryMb: 256,
    description: "Plans: checkout, billing portal, Stripe webhooks",
  },
  team: { entry: "lambdas/src/api/team/router.ts", memoryMb: 256, description: "Team members, roles, audit log" },
  demo: { entry: "lambdas/src/api/demo/router.ts", memoryMb: 256, description: "No-login demo" },
  system: { entry: "lambdas/src/api/system/router.ts", memoryMb: 256, description: "Health and public metrics" },
  integrations: {
    entry: "lambdas/src/api/integrations/router.ts",
    memoryMb: 256,
    description: "API keys and webhook endpoints (Settings)",
  },
  publicApi: { entry: "lambdas/src/api/public-v1/router.ts", memoryMb: 512, description: "Public API v1 (API keys)" },
} as const;
export type RouteGroup = keyof typeof ROUTE_GROUPS;

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export interface RouteSpec {
  method: HttpMethod;
  path: string;
  group: RouteGroup;
  /** "api-key": the public API's routes, behind the API-key authorizer instead of a session. */
  auth?: "api-key";
  /**
   * The web contract's schema of its successful JSON answer (packages/domain/src/<context>/web-contract.ts):
   * the web app parses the answer with it in development and tests, and tests check the handler's answer with it.
   */
  answer?: AnswerSchema;
}

/**
 * The public API's Lambda authorizer (API Gateway HTTP API, simple responses). Its answer is cached
 * per Authorization header for `cacheSeconds`; each request still re-checks its key in the handler
 * (docs/public-api.md), so a revocation holds from the next request. Locally the adapter runs it too.
 */
export const API_KEY_AUTHORIZER = {
  entry: "lambdas/src/api/public-v1/authorizer.ts",
  identitySource: "authorization",
  cacheSeconds: 300,
} as const;

export const ROUTES: RouteSpec[] = [
  ...PUBLIC_API_OPERATIONS.map((op) => ({
    method: op.method,
    path: op.path,
    group: "publicApi" as const,
    auth: "api-key" as const,
  })),
  { method: "GET", path: "/api/v1/openapi.json", group: "publicApi" },
  { method: "GET", path: "/api/api-keys", group: "integrations", answer: ApiKeyList },
  { method: "POST", path: "/api/api-keys", group: "integrations", answer: CreatedApiKey },
  { method: "DELETE", path: "/api/api-keys/{id}", group: "integrations", answer: RevokedApiKey },
  { method: "GET", path: "/api/webhooks", group: "integrations", answer: WebhookEndpointList },
  { method: "POST", path: "/api/webhooks", group: "integrations", answer: WebhookEndpointWithSecret },
  { method: "DELETE", path: "/api/webhooks/{id}", group: "integrations", answer: RemovedWebhookEndpoint },
  {
    method: "POST",
    path: "/api/webhooks/{id}/rotate-secret",
    group: "integrations",
    answer: WebhookEndpointWithSecret,
  },
  { method: "POST", path: "/api/webhooks/{id}/enable", group: "integrations", answer: EnabledWebhookEndpoint },
  { method: "GET", path: "/api/webhooks/{id}/deliveries", group: "integrations", answer: DeliveryLog },
  {
    method: "POST",
    path: "/api/webhooks/{id}/deliveries/{deliveryId}/resend",
    group: "integrations",
    answer: ResentDelivery,
  },

  { method: "GET", path: "/api/login", group: "auth" },
  { method: "POST", path: "/api/login", group: "auth", answer: SignInAnswer },
  { method: "POST", path: "/api/logout", group: "auth", answer: SignedOut },
  { method: "POST", path: "/api/logout/everywhere", group: "auth", answer: SignedOut },
  { method: "GET", path: "/api/auth/user", group: "auth", answer: CurrentUser },
  { method: "POST", path: "/api/auth/signup", group: "auth", answer: SignUpStarted },
  { method: "POST", path: "/api/auth/confirm", group: "auth", answer: SignInAnswer },
  { method: "POST", path: "/api/auth/resend", group: "auth", answer: AuthMessage },
  { method: "POST", path: "/api/auth/forgot-password", group: "auth", answer: AuthMessage },
  { method: "POST", path: "/api/auth/reset-password", group: "auth", answer: SignInAnswer },
  { method: "POST", path: "/api/auth/mfa-challenge", group: "auth", answer: SignInAnswer },
  { method: "GET", path: "/api/auth/mfa", group: "auth", answer: MfaStatus },
  { method: "POST", path: "/api/auth/mfa/setup", group: "auth", answer: TotpSetup },
  { method: "POST", path: "/api/auth/mfa/enable", group: "auth", answer: MfaStatus },
  { method: "POST", path: "/api/auth/mfa/disable", group: "auth", answer: MfaStatus },
  { method: "GET", path: "/api/auth/contact", group: "auth", answer: ContactDetails },
  { method: "POST", path: "/api/auth/contact", group: "auth", answer: CodeSent },
  { method: "POST", path: "/api/auth/contact/verify", group: "auth", answer: ContactDetails },
  { method: "POST", path: "/api/auth/undo-change", group: "auth", answer: UndoneChange },

  { method: "GET", path: "/api/profile", group: "profile", answer: Profile },
  { method: "PUT", path: "/api/profile", group: "profile", answer: Profile },
  { method: "POST", path: "/api/scan-preferences", group: "profile", answer: Profile },
  { method: "GET", path: "/api/account/export", group: "profile", answer: AccountExport },
  { method: "POST", path: "/api/account/export", group: "profile", answer: AccountExport },
  { method: "DELETE", path: "/api/account", group: "account", answer: AccountDeletion },

  { method: "GET", path: "/api/consent", group: "biometrics", answer: Consent },
  { method: "POST", path: "/api/consent", group: "biometrics", answer: Consent },
  { method: "POST", path: "/api/upload/face", group: "biometrics", answer: UploadUrl },
  { method: "POST", path: "/api/upload/voice", group: "biometrics", answer: UploadUrl },
  { method: "PUT", path: "/api/biometric/face", group: "biometrics", answer: UploadEnrolment },
  { method: "PUT", path: "/api/biometric/voice", group: "biometrics", answer: UploadEnrolment },
  { method: "POST", path: "/api/biometric-training/challenge", group: "biometrics", answer: LiveChallenge },
  { method: "POST", path: "/api/biometric-training", group: "biometrics", answer: LiveCheckResult },
  { method: "POST", path: "/api/biometric-training/embeddings", group: "biometrics", answer: ReportedEnrolment },
  { method: "DELETE", path: "/api/biometric", group: "biometrics", answer: BiometricDeletion },
  // The invitee's own erasure: served beside DELETE /api/biometric, the function that may delete samples.
  { method: "POST", path: "/api/people/me/withdraw", group: "biometrics", answer: Withdrawal },
  // Registered intimate-image hashes: sealed with the biometric key, indexed in the gallery database.
  { method: "POST", path: "/api/image-hashes", group: "biometrics", answer: RegistrationResult },
  { method: "GET", path: "/api/image-hashes", group: "biometrics", answer: RegisteredHashList },
  { method: "GET", path: "/api/image-hashes/export", group: "biometrics" },
  { method: "DELETE", path: "/api/image-hashes", group: "biometrics", answer: DeletedHashes },
  { method: "DELETE", path: "/api/image-hashes/{id}", group: "biometrics", answer: DeletedHashes },

  { method: "GET", path: "/api/people", group: "people", answer: PeopleList },
  { method: "GET", path: "/api/people/me", group: "people", answer: MyProtections },
  { method: "GET", path: "/api/people/{id}", group: "people", answer: PersonDetail },
  { method: "DELETE", path: "/api/people/{id}", group: "people", answer: PersonAnswer },
  { method: "POST", path: "/api/people/invitations", group: "people", answer: PersonAnswer },
  { method: "POST", path: "/api/people/invitations/preview", group: "people", answer: InvitationPreview },
  { method: "POST", path: "/api/people/invitations/accept", group: "people", answer: AcceptedInvitation },

  { method: "GET", path: "/api/threats", group: "threats", answer: ThreatPage },
  { method: "GET", path: "/api/threats/{id}", group: "threats", answer: ThreatDetails },
  { method: "POST", path: "/api/threats/actions", group: "threats", answer: BulkActionResult },
  { method: "POST", path: "/api/threats/{id}/actions", group: "threats", answer: ThreatDetails },
  { method: "PUT", path: "/api/threats/{id}/status", group: "threats", answer: ThreatDetails },
  { method: "GET", path: "/api/threats/{id}/evidence", group: "threats", answer: EvidenceCheck },
  { method: "GET", path: "/api/threats/{id}/preview", group: "threats" },
  { method: "GET", path: "/api/threats/{id}/thumbnail", group: "threats" },
  { method: "GET", path: "/api/threats/{id}/media", group: "threats", answer: ThreatMediaFacts },
  { method: "GET", path: "/api/threats/{id}/media/audio", group: "threats" },
  { method: "GET", path: "/api/threats/{id}/media/enrolled-photo", group: "threats" },
  { method: "GET", path: "/api/threats/{id}/media/frames/{frame}", group: "threats" },
  { method: "GET", path: "/api/stats", group: "threats", answer: Stats },
  { method: "POST", path: "/api/scan/force", group: "threats", answer: ScanStarted },
  { method: "GET", path: "/api/scan/status", group: "threats", answer: ScanStatus },

  { method: "POST", path: "/api/dmca", group: "takedowns", answer: DmcaDraft },
  { method: "POST", path: "/api/dmca/send", group: "takedowns", answer: SendResult },
  { method: "POST", path: "/api/dmca/filed", group: "takedowns", answer: RecordedFiling },
  { method: "GET", path: "/api/takedowns", group: "takedowns", answer: TakedownPage },
  { method: "GET", path: "/api/takedowns/{id}", group: "takedowns", answer: TakedownDetail },
  { method: "POST", path: "/api/takedowns/{id}/actions", group: "takedowns", answer: TakedownDetail },

  { method: "GET", path: "/api/push/vapid-public-key", group: "push", answer: VapidPublicKey },
  { method: "GET", path: "/api/push/subscriptions", group: "push", answer: PushSubscriptionList },
  { method: "POST", path: "/api/push/subscriptions", group: "push", answer: PushSubscription },
  { method: "DELETE", path: "/api/push/subscriptions/{id}", group: "push" },

  { method: "GET", path: "/api/billing", group: "billing", answer: BillingSummary },
  { method: "POST", path: "/api/billing/checkout", group: "billing", answer: HostedPage },
  { method: "POST", path: "/api/billing/portal", group: "billing", answer: HostedPage },
  { method: "POST", path: "/api/billing/webhook", group: "billing" },

  { method: "GET", path: "/api/team", group: "team", answer: TeamView },
  { method: "GET", path: "/api/team/me", group: "team", answer: MyTeam },
  { method: "POST", path: "/api/team/invitations", group: "team", answer: SentInvitation },
  { method: "DELETE", path: "/api/team/invitations/{id}", group: "team", answer: RevokedInvitation },
  { method: "DELETE", path: "/api/team/members/{id}", group: "team", answer: RemovedMember },
  { method: "POST", path: "/api/team/join", group: "team", answer: JoinedTeam },
  { method: "GET", path: "/api/audit-log", group: "team", answer: AuditLogPage },

  { method: "POST", path: "/api/demo/profile", group: "demo", answer: DemoProfileAnswer },
  { method: "GET", path: "/api/demo/threats", group: "demo", answer: Threat.array() },
  { method: "GET", path: "/api/demo/threats/{id}/preview", group: "demo" },
  { method: "GET", path: "/api/demo/threats/{id}/thumbnail", group: "demo" },
  { method: "POST", path: "/api/demo/dmca", group: "demo", answer: DemoNotice },

  { method: "GET", path: "/api/health", group: "system", answer: HealthReport },
  { method: "GET", path: "/api/system/metrics", group: "system", answer: SystemMetrics },
  { method: "GET", path: "/api/status", group: "system", answer: StatusPage },
];
