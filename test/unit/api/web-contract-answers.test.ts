import type { BiometricErasure } from "@lg/domain/accounts/erasure-service";
import type { BillingService } from "@lg/domain/billing/billing-service";
import * as billing from "@lg/domain/billing/web-contract";
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
import type { NoticeService } from "@lg/domain/takedowns/notice-service";
import * as takedowns from "@lg/domain/takedowns/web-contract";
import type { TeamMemberRecord } from "@lg/domain/team/ports";
import * as team from "@lg/domain/team/web-contract";
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
    expect(answerOf("POST", "/api/billing/checkout")).toBe(billing.HostedPage);
    expect(answerOf("POST", "/api/billing/portal")).toBe(billing.HostedPage);
    expect(answerOf("POST", "/api/team/join")).toBe(team.JoinedTeam);
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
    expectTypeOf<Answer<BillingService, "startCheckout">>().toExtend<billing.HostedPage>();
    expectTypeOf<Answer<BillingService, "openPortal">>().toExtend<billing.HostedPage>();
    expectTypeOf<Pick<TeamMemberRecord, "accountId" | "role">>().toExtend<team.JoinedTeam>();
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
