import { ContactChangeInput, ContactVerifyInput, TotpCodeInput } from "@lg/domain/accounts/account-security";
import {
  ConfirmInput,
  ForgotPasswordInput,
  MfaAnswerInput,
  ResendInput,
  ResetPasswordInput,
  SignInInput,
  SignUpInput,
} from "@lg/domain/accounts/auth-service";
import { ProfileUpdateInput, ScanPreferencesInput } from "@lg/domain/accounts/profile-shapes";
import { Reauthentication } from "@lg/domain/accounts/reauthentication";
import { UndoChangeInput } from "@lg/domain/accounts/security-notices";
import { BiometricsExport } from "@lg/domain/accounts/web-requests";
import { CheckoutBody } from "@lg/domain/billing/web-requests";
import { ReportedCaptureInput } from "@lg/domain/biometrics/reported-capture";
import { CreateUpload, GiveConsent, RegisterUpload } from "@lg/domain/biometrics/web-requests";
import { DemoNoticeBody, DemoProfileBody } from "@lg/domain/demo/web-requests";
import {
  AnalysisRequest,
  TakedownRequest,
  WebhookEndpointInput,
  WebhookEndpointUpdate,
} from "@lg/domain/integrations/public-api-contract";
import { NewKeyBody } from "@lg/domain/integrations/web-requests";
import { InvitationTokenInput, InviteInput } from "@lg/domain/people/people-inputs";
import { RegisterHashesInput } from "@lg/domain/registered-images/register-input";
import {
  GenerateNoticeBody,
  RecordFilingBody,
  SendNoticeBody,
  TakedownActionBody,
} from "@lg/domain/takedowns/web-requests";
import { InviteMemberBody, JoinTeamBody } from "@lg/domain/team/web-requests";
import { ThreatActionInput, ThreatBulkActionInput } from "@lg/domain/threats/threat-action-input";
import { ThreatStatusChange } from "@lg/domain/threats/web-requests";
import { PushEndpointPolicy, pushSubscriptionInput } from "@lg/notices";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { ROUTES } from "../../../lambdas/src/api/routes.js";

/** The JSON body schema of every route that reads one. */
const JSON_BODIES: Record<string, z.ZodTypeAny> = {
  "POST /api/login": SignInInput,
  "POST /api/auth/signup": SignUpInput,
  "POST /api/auth/confirm": ConfirmInput,
  "POST /api/auth/resend": ResendInput,
  "POST /api/auth/forgot-password": ForgotPasswordInput,
  "POST /api/auth/reset-password": ResetPasswordInput,
  "POST /api/auth/mfa-challenge": MfaAnswerInput,
  "POST /api/auth/mfa/enable": TotpCodeInput,
  // Also reads Reauthentication from the same body, bounded where mfa/setup and mfa/disable name it.
  "POST /api/auth/contact": ContactChangeInput,
  "POST /api/auth/mfa/setup": Reauthentication,
  "POST /api/auth/mfa/disable": Reauthentication,
  // Fresh proof for what a stolen session must not do alone (issue 35).
  "DELETE /api/account": Reauthentication,
  "DELETE /api/biometric": Reauthentication,
  "POST /api/account/export": BiometricsExport,
  "POST /api/people/me/withdraw": Reauthentication,
  "POST /api/auth/undo-change": UndoChangeInput,
  "POST /api/auth/contact/verify": ContactVerifyInput,
  "PUT /api/profile": ProfileUpdateInput,
  "POST /api/scan-preferences": ScanPreferencesInput,
  "POST /api/consent": GiveConsent,
  "PUT /api/biometric/face": RegisterUpload,
  "PUT /api/biometric/voice": RegisterUpload,
  "POST /api/biometric-training/embeddings": ReportedCaptureInput,
  "PUT /api/threats/{id}/status": ThreatStatusChange,
  "POST /api/threats/actions": ThreatBulkActionInput,
  "POST /api/threats/{id}/actions": ThreatActionInput,
  "POST /api/upload/face": CreateUpload,
  "POST /api/upload/voice": CreateUpload,
  "POST /api/dmca": GenerateNoticeBody,
  "POST /api/dmca/send": SendNoticeBody,
  "POST /api/dmca/filed": RecordFilingBody,
  "POST /api/takedowns/{id}/actions": TakedownActionBody,
  "POST /api/push/subscriptions": pushSubscriptionInput(new PushEndpointPolicy()),
  "POST /api/demo/profile": DemoProfileBody,
  "POST /api/demo/dmca": DemoNoticeBody,
  "POST /api/people/invitations": InviteInput,
  "POST /api/people/invitations/preview": InvitationTokenInput,
  "POST /api/people/invitations/accept": InvitationTokenInput,
  "POST /api/billing/checkout": CheckoutBody,
  "POST /api/team/invitations": InviteMemberBody,
  "POST /api/team/join": JoinTeamBody,
  "POST /api/api-keys": NewKeyBody,
  "POST /api/webhooks": WebhookEndpointInput,
  "POST /api/image-hashes": RegisterHashesInput,
  "POST /api/v1/threats/{id}/takedowns": TakedownRequest,
  "POST /api/v1/analyses": AnalysisRequest,
  "POST /api/v1/webhooks": WebhookEndpointInput,
  "PATCH /api/v1/webhooks/{id}": WebhookEndpointUpdate,
};

/** State-changing routes that read no JSON body, and why. */
const NO_JSON_BODY: Record<string, string> = {
  "POST /api/logout": "no body",
  "POST /api/logout/everywhere": "no body",
  "POST /api/biometric-training/challenge": "no body: answers a fresh live-check challenge",
  "POST /api/biometric-training": "multipart: its own parser bounds parts and sizes",
  "POST /api/scan/force": "no body",
  "DELETE /api/people/{id}": "no body; the id is bounded by the route group",
  "DELETE /api/push/subscriptions/{id}": "no body; the id is bounded by the route group",
  "POST /api/billing/portal": "no body: answers the billing portal's URL",
  "POST /api/billing/webhook": "Stripe's raw event: at most 256 KB, trusted only with a valid signature",
  "DELETE /api/team/invitations/{id}": "no body; the id is bounded by the route group",
  "DELETE /api/team/members/{id}": "no body; the id is bounded by the route group",
  "DELETE /api/api-keys/{id}": "no body; the id is bounded by the route group",
  "DELETE /api/webhooks/{id}": "no body; the id is bounded by the route group",
  "POST /api/webhooks/{id}/rotate-secret": "no body",
  "POST /api/webhooks/{id}/enable": "no body",
  "DELETE /api/v1/webhooks/{id}": "no body; the id is checked by the contract's IdParams",
  "POST /api/v1/webhooks/{id}/rotate-secret": "no body",
  "POST /api/webhooks/{id}/deliveries/{deliveryId}/resend": "no body",
  "DELETE /api/image-hashes": "no body",
  "DELETE /api/image-hashes/{id}": "no body; the id is bounded by the route group",
};

interface ZodInternals {
  _zod: { def: Record<string, unknown> & { type: string; checks?: { _zod: { def: { check: string } } }[] } };
}

/** A .max() or .length() among the schema's own checks. */
const hasMaximum = (def: ZodInternals["_zod"]["def"]) =>
  (def.checks ?? []).some((c) => c._zod.def.check === "max_length" || c._zod.def.check === "length_equals");

/** Paths inside a schema where a string, array, record or unknown value has no upper bound. */
function unboundedPaths(schema: z.ZodTypeAny, at = "$"): string[] {
  const { def } = (schema as unknown as ZodInternals)._zod;
  const inner = (key: string) => def[key] as z.ZodTypeAny;
  switch (def.type) {
    case "string":
      return hasMaximum(def) ? [] : [at];
    case "array":
      return [...(hasMaximum(def) ? [] : [at]), ...unboundedPaths(inner("element"), `${at}[]`)];
    case "object": {
      const shape = def.shape as Record<string, z.ZodTypeAny>;
      const catchall = def.catchall as z.ZodTypeAny | undefined;
      return [
        ...Object.entries(shape).flatMap(([key, value]) => unboundedPaths(value, `${at}.${key}`)),
        ...(catchall && (catchall as unknown as ZodInternals)._zod.def.type !== "never"
          ? unboundedPaths(catchall, `${at}.*`)
          : []),
      ];
    }
    case "union":
      return (def.options as z.ZodTypeAny[]).flatMap((option, i) => unboundedPaths(option, `${at}|${i}`));
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return unboundedPaths(inner("innerType"), at);
    case "pipe":
      return unboundedPaths(inner("in"), at);
    case "number":
    case "boolean":
    case "literal":
    case "enum":
    case "null":
    case "undefined":
    case "transform":
      return [];
    default:
      return [`${at} (${def.type})`];
  }
}

describe("every JSON body is bounded", () => {
  it("knows the body of every state-changing route", () => {
    const stateChanging = ROUTES.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
    const known = new Set([...Object.keys(JSON_BODIES), ...Object.keys(NO_JSON_BODY)]);
    expect(stateChanging.filter((route) => !known.has(route))).toEqual([]);
  });

  it.each(Object.entries(JSON_BODIES))("%s bounds every string, list and map", (_route, schema) => {
    expect(unboundedPaths(schema)).toEqual([]);
  });

  it("finds an unbounded field when there is one", async () => {
    const { z } = await import("zod");
    expect(
      unboundedPaths(z.object({ a: z.string(), b: z.array(z.string().max(2)), c: z.record(z.string(), z.number()) })),
    ).toEqual(["$.a", "$.b", "$.c (record)"]);
  });

  it.each(Object.entries(JSON_BODIES))(
    "%s refuses a 100,000-character string in every text field",
    (_route, schema) => {
      const huge = "a".repeat(100_000);
      expect(
        schema.safeParse({ username: huge, email: huge, threatId: huge, version: huge, firstName: huge }).success,
      ).toBe(false);
    },
  );
});
