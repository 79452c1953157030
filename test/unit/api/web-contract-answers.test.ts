import type { AccountSecurityService } from "@lg/domain/accounts/account-security";
import type { AuthService, AuthUser, SignInResult } from "@lg/domain/accounts/auth-service";
import type { AccountErasure, BiometricErasure } from "@lg/domain/accounts/erasure-service";
import type { ExportService } from "@lg/domain/accounts/export-service";
import type { ProfileService } from "@lg/domain/accounts/profile-service";
import type { SecurityNotices } from "@lg/domain/accounts/security-notices";
import * as accounts from "@lg/domain/accounts/web-contract";
import type { BillingService } from "@lg/domain/billing/billing-service";
import * as billing from "@lg/domain/billing/web-contract";
import type { ConsentService } from "@lg/domain/biometrics/consent";
import type { EnrolmentService } from "@lg/domain/biometrics/enrolment-service";
import * as biometrics from "@lg/domain/biometrics/web-contract";
import type { DemoNotice as DemoNoticeShape } from "@lg/domain/demo/demo-notice";
import * as demo from "@lg/domain/demo/web-contract";
import type { ApiKeyService } from "@lg/domain/integrations/api-keys";
import * as integrations from "@lg/domain/integrations/web-contract";
import type { WebhookService } from "@lg/domain/integrations/webhooks";
import type { PeopleService, PersonView, Withdrawal as WithdrawalShape } from "@lg/domain/people/people-service";
import * as people from "@lg/domain/people/web-contract";
import type { PushSubscriptionView } from "@lg/domain/push/push-subscriptions";
import * as push from "@lg/domain/push/web-contract";
import type { RegisteredImageService } from "@lg/domain/registered-images/registered-image-service";
import * as images from "@lg/domain/registered-images/web-contract";
import type { ScanStarter } from "@lg/domain/scanning/scan-starter";
import type { PublicMetrics } from "@lg/domain/system/public-metrics";
import * as system from "@lg/domain/system/web-contract";
import type { NoticeService } from "@lg/domain/takedowns/notice-service";
import * as takedowns from "@lg/domain/takedowns/web-contract";
import type { TeamMemberRecord } from "@lg/domain/team/ports";
import type { TeamService } from "@lg/domain/team/team-service";
import * as team from "@lg/domain/team/web-contract";
import * as threats from "@lg/domain/threats/web-contract";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import { ROUTES } from "../../../lambdas/src/api/routes.js";

/** What a service method resolves to. */
type Answer<S, M extends keyof S> = S[M] extends (...args: never[]) => Promise<infer A> ? A : never;

describe("the web contract of people, integrations, push, registered images, the demo and the small answers", () => {
  it("names each route's answer schema in the route table, so tests check what the handlers send", () => {
    const answerOf = (method: string, path: string) =>
      ROUTES.find((r) => r.method === method && r.path === path)?.answer;
    expect(answerOf("GET", "/api/people")).toBe(people.PeopleList);
    expect(answerOf("GET", "/api/people/me")).toBe(people.MyProtections);
    expect(answerOf("GET", "/api/people/{id}")).toBe(people.PersonDetail);
    expect(answerOf("DELETE", "/api/people/{id}")).toBe(people.PersonAnswer);
    expect(answerOf("POST", "/api/people/invitations")).toBe(people.PersonAnswer);
    expect(answerOf("POST", "/api/people/invitations/preview")).toBe(people.InvitationPreview);
    expect(answerOf("POST", "/api/people/invitations/accept")).toBe(people.AcceptedInvitation);
    expect(answerOf("POST", "/api/people/me/withdraw")).toBe(people.Withdrawal);
    expect(answerOf("GET", "/api/api-keys")).toBe(integrations.ApiKeyList);
    expect(answerOf("POST", "/api/api-keys")).toBe(integrations.CreatedApiKey);
    expect(answerOf("DELETE", "/api/api-keys/{id}")).toBe(integrations.RevokedApiKey);
    expect(answerOf("GET", "/api/webhooks")).toBe(integrations.WebhookEndpointList);
    expect(answerOf("POST", "/api/webhooks")).toBe(integrations.WebhookEndpointWithSecret);
    expect(answerOf("DELETE", "/api/webhooks/{id}")).toBe(integrations.RemovedWebhookEndpoint);
    expect(answerOf("POST", "/api/webhooks/{id}/rotate-secret")).toBe(integrations.WebhookEndpointWithSecret);
    expect(answerOf("POST", "/api/webhooks/{id}/enable")).toBe(integrations.EnabledWebhookEndpoint);
    expect(answerOf("GET", "/api/webhooks/{id}/deliveries")).toBe(integrations.DeliveryLog);
    expect(answerOf("POST", "/api/webhooks/{id}/deliveries/{deliveryId}/resend")).toBe(integrations.ResentDelivery);
    expect(answerOf("GET", "/api/push/vapid-public-key")).toBe(push.VapidPublicKey);
    expect(answerOf("GET", "/api/push/subscriptions")).toBe(push.PushSubscriptionList);
    expect(answerOf("POST", "/api/push/subscriptions")).toBe(push.PushSubscription);
    expect(answerOf("POST", "/api/image-hashes")).toBe(images.RegistrationResult);
    expect(answerOf("GET", "/api/image-hashes")).toBe(images.RegisteredHashList);
    expect(answerOf("DELETE", "/api/image-hashes")).toBe(images.DeletedHashes);
    expect(answerOf("DELETE", "/api/image-hashes/{id}")).toBe(images.DeletedHashes);
    expect(answerOf("POST", "/api/demo/profile")).toBe(demo.DemoProfileAnswer);
    expect(answerOf("POST", "/api/demo/dmca")).toBe(demo.DemoNotice);
    expect(answerOf("POST", "/api/upload/face")).toBe(biometrics.UploadUrl);
    expect(answerOf("DELETE", "/api/biometric")).toBe(biometrics.BiometricDeletion);
    expect(answerOf("POST", "/api/consent")).toBe(biometrics.Consent);
    expect(answerOf("POST", "/api/biometric-training/challenge")).toBe(biometrics.LiveChallenge);
    expect(answerOf("PUT", "/api/threats/{id}/status")).toBe(threats.ThreatDetails);
    expect(answerOf("POST", "/api/scan/force")).toBe(threats.ScanStarted);
    expect(answerOf("GET", "/api/system/metrics")).toBe(system.SystemMetrics);
    expect(answerOf("POST", "/api/billing/checkout")).toBe(billing.HostedPage);
    expect(answerOf("POST", "/api/billing/portal")).toBe(billing.HostedPage);
    expect(answerOf("POST", "/api/team/join")).toBe(team.JoinedTeam);
    expect(answerOf("POST", "/api/team/invitations")).toBe(team.SentInvitation);
    expect(answerOf("DELETE", "/api/team/invitations/{id}")).toBe(team.RevokedInvitation);
    expect(answerOf("DELETE", "/api/team/members/{id}")).toBe(team.RemovedMember);
    expect(answerOf("POST", "/api/dmca/filed")).toBe(takedowns.RecordedFiling);
  });

  it("what the services are typed to answer is what the contract accepts", () => {
    expectTypeOf<PersonView>().toExtend<people.ProtectedPerson>();
    expectTypeOf<Answer<PeopleService, "list">>().toExtend<z.infer<typeof people.PeopleList>>();
    expectTypeOf<Answer<PeopleService, "myProtections">>().toExtend<z.infer<typeof people.MyProtections>>();
    expectTypeOf<Answer<PeopleService, "preview">>().toExtend<z.infer<typeof people.InvitationPreview>>();
    expectTypeOf<Answer<PeopleService, "accept">>().toExtend<z.infer<typeof people.AcceptedInvitation>>();
    expectTypeOf<Answer<PeopleService, "get">>().toExtend<z.infer<typeof people.PersonDetail>>();
    expectTypeOf<WithdrawalShape<BiometricErasure>>().toExtend<z.infer<typeof people.Withdrawal>>();
    expectTypeOf<{ keys: Answer<ApiKeyService, "list"> }>().toExtend<z.infer<typeof integrations.ApiKeyList>>();
    expectTypeOf<Answer<ApiKeyService, "create">>().toExtend<z.infer<typeof integrations.CreatedApiKey>>();
    expectTypeOf<{ endpoints: Answer<WebhookService, "list"> }>().toExtend<
      z.infer<typeof integrations.WebhookEndpointList>
    >();
    expectTypeOf<Answer<WebhookService, "create">>().toExtend<z.infer<typeof integrations.WebhookEndpointWithSecret>>();
    expectTypeOf<Answer<WebhookService, "rotateSecret">>().toExtend<
      z.infer<typeof integrations.WebhookEndpointWithSecret>
    >();
    expectTypeOf<{ endpoint: Answer<WebhookService, "enable"> }>().toExtend<
      z.infer<typeof integrations.EnabledWebhookEndpoint>
    >();
    expectTypeOf<{ deliveries: Answer<WebhookService, "deliveries"> }>().toExtend<
      z.infer<typeof integrations.DeliveryLog>
    >();
    expectTypeOf<{ delivery: Answer<WebhookService, "resend"> }>().toExtend<
      z.infer<typeof integrations.ResentDelivery>
    >();
    expectTypeOf<PushSubscriptionView>().toExtend<z.infer<typeof push.PushSubscription>>();
    expectTypeOf<Answer<RegisteredImageService, "register">>().toExtend<z.infer<typeof images.RegistrationResult>>();
    expectTypeOf<Answer<RegisteredImageService, "list">>().toExtend<z.infer<typeof images.RegisteredHashList>>();
    expectTypeOf<DemoNoticeShape>().toExtend<z.infer<typeof demo.DemoNotice>>();
    expectTypeOf<Answer<EnrolmentService, "createUploadUrl">>().toExtend<biometrics.UploadUrl>();
    expectTypeOf<{ deleted: BiometricErasure }>().toExtend<biometrics.BiometricDeletion>();
    expectTypeOf<Answer<ConsentService, "give">>().toExtend<biometrics.Consent>();
    expectTypeOf<Answer<EnrolmentService, "issueLiveChallenge">>().toExtend<biometrics.LiveChallenge>();
    expectTypeOf<Answer<ScanStarter, "start">>().toExtend<threats.ScanStarted>();
    expectTypeOf<PublicMetrics>().toExtend<system.SystemMetrics>();
    expectTypeOf<Answer<BillingService, "startCheckout">>().toExtend<billing.HostedPage>();
    expectTypeOf<Answer<BillingService, "openPortal">>().toExtend<billing.HostedPage>();
    expectTypeOf<Pick<TeamMemberRecord, "accountId" | "role">>().toExtend<team.JoinedTeam>();
    expectTypeOf<Answer<TeamService, "invite">>().toExtend<team.SentInvitation>();
    expectTypeOf<Answer<NoticeService, "recordFiling">>().toExtend<takedowns.RecordedFiling>();
  });

  it("accepts a demo profile and a signed-in person's own profile from POST /api/demo/profile, and nothing else", () => {
    expect(
      demo.DemoProfileAnswer.safeParse({ fullName: "Alex Rivera", membershipTier: "personal", demo: true }).success,
    ).toBe(true);
    expect(demo.DemoProfileAnswer.safeParse({ fullName: "Alex Rivera", membershipTier: "gold" }).success).toBe(false);
  });

  it("fails a delivery log whose state is not one the log knows", () => {
    const delivery = {
      id: "m1",
      eventType: "threat.created",
      state: "pending",
      attempts: 0,
      createdAt: "2026-01-01T00:00:00.000Z",
    };
    expect(integrations.DeliveryLog.safeParse({ deliveries: [delivery] }).success).toBe(true);
    expect(integrations.DeliveryLog.safeParse({ deliveries: [{ ...delivery, state: "lost" }] }).success).toBe(false);
  });
});

describe("the web contract of the sign-in, account-security, profile and account routes", () => {
  it("names each account route's answer schema in the route table, so tests check what the handlers send", () => {
    const answerOf = (method: string, path: string) =>
      ROUTES.find((r) => r.method === method && r.path === path)?.answer;
    for (const path of ["/api/login", "/api/auth/confirm", "/api/auth/reset-password", "/api/auth/mfa-challenge"]) {
      expect(answerOf("POST", path)).toBe(accounts.SignInAnswer);
    }
    expect(answerOf("POST", "/api/logout")).toBe(accounts.SignedOut);
    expect(answerOf("POST", "/api/logout/everywhere")).toBe(accounts.SignedOut);
    expect(answerOf("GET", "/api/auth/user")).toBe(accounts.CurrentUser);
    expect(answerOf("POST", "/api/auth/signup")).toBe(accounts.SignUpStarted);
    expect(answerOf("POST", "/api/auth/resend")).toBe(accounts.AuthMessage);
    expect(answerOf("POST", "/api/auth/forgot-password")).toBe(accounts.AuthMessage);
    expect(answerOf("POST", "/api/auth/mfa/enable")).toBe(accounts.MfaStatus);
    expect(answerOf("POST", "/api/auth/mfa/disable")).toBe(accounts.MfaStatus);
    expect(answerOf("POST", "/api/auth/contact")).toBe(accounts.CodeSent);
    expect(answerOf("POST", "/api/auth/contact/verify")).toBe(accounts.ContactDetails);
    expect(answerOf("POST", "/api/auth/undo-change")).toBe(accounts.UndoneChange);
    expect(answerOf("PUT", "/api/profile")).toBe(accounts.Profile);
    expect(answerOf("POST", "/api/scan-preferences")).toBe(accounts.Profile);
    expect(answerOf("GET", "/api/account/export")).toBe(accounts.AccountExport);
    expect(answerOf("POST", "/api/account/export")).toBe(accounts.AccountExport);
    expect(answerOf("DELETE", "/api/account")).toBe(accounts.AccountDeletion);
  });

  it("what the account services are typed to answer is what the contract accepts", () => {
    expectTypeOf<AuthUser>().toExtend<accounts.AuthUser>();
    expectTypeOf<Answer<AuthService, "currentUser">>().toExtend<accounts.CurrentUser>();
    // signed-in.ts answers the user (the session goes as the cookie) or the MFA challenge as it is.
    expectTypeOf<{ user: Extract<SignInResult, { sessionToken: string }>["user"] }>().toExtend<accounts.SignInAnswer>();
    expectTypeOf<Extract<SignInResult, { mfaRequired: true }>>().toExtend<accounts.SignInAnswer>();
    expectTypeOf<Answer<AuthService, "signUp">>().toExtend<accounts.SignUpStarted>();
    expectTypeOf<Answer<AuthService, "resend">>().toExtend<accounts.AuthMessage>();
    expectTypeOf<Answer<AuthService, "forgotPassword">>().toExtend<accounts.AuthMessage>();
    // The handlers send the new session as a cookie, not in the answer.
    expectTypeOf<Omit<Answer<AccountSecurityService, "enableTotp">, "sessionToken">>().toExtend<accounts.MfaStatus>();
    expectTypeOf<Omit<Answer<AccountSecurityService, "disableTotp">, "sessionToken">>().toExtend<accounts.MfaStatus>();
    expectTypeOf<Answer<AccountSecurityService, "requestContactChange">>().toExtend<accounts.CodeSent>();
    expectTypeOf<
      Omit<Answer<AccountSecurityService, "verifyContactChange">, "sessionToken">
    >().toExtend<accounts.ContactDetails>();
    expectTypeOf<Answer<SecurityNotices, "undo">>().toExtend<accounts.UndoneChange>();
    expectTypeOf<Answer<ProfileService, "update">>().toExtend<accounts.Profile>();
    expectTypeOf<Answer<ProfileService, "saveScanPreferences">>().toExtend<accounts.Profile>();
    expectTypeOf<Answer<ExportService, "export">>().toExtend<accounts.AccountExport>();
    expectTypeOf<{ deleted: AccountErasure }>().toExtend<accounts.AccountDeletion>();
  });

  it("accepts a visitor's null from GET /api/auth/user and a sign-in that asks for the app's code", () => {
    expect(accounts.CurrentUser.safeParse(null).success).toBe(true);
    expect(accounts.CurrentUser.safeParse({ email: "a@example.com" }).success).toBe(false);
    expect(accounts.SignInAnswer.safeParse({ mfaRequired: true, username: "u", session: "s" }).success).toBe(true);
    expect(accounts.SignInAnswer.safeParse({ mfaRequired: false, username: "u", session: "s" }).success).toBe(false);
  });
});
