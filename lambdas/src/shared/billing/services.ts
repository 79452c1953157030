import { GetSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { DynamoBillingStore } from "@lg/domain/billing/adapters/dynamo-billing-store";
import { StripeBilling, type StripeKeys } from "@lg/domain/billing/adapters/stripe-billing";
import { BillingService } from "@lg/domain/billing/billing-service";
import { profileForTier } from "@lg/domain/billing/plan-change";
import type { TierChangeEffects } from "@lg/domain/billing/ports";
import { syncScanSchedule } from "@lg/domain/scanning/scan-schedule";
import { BILLING_ACTOR } from "@lg/domain/team/audit-log";
import { TIERS } from "@lg/domain/tiers";
import { accountStore, auditLog } from "../accounts/services.js";
import { awsClient, dynamo } from "../aws/clients.js";
import { once, onceUnlessFailed } from "../once.js";
import { scanSchedules } from "../scanning/scan-schedules.js";
import { env } from "./env.js";

const now = () => new Date();
const secretsManager = () => awsClient(SecretsManagerClient);

async function readStripeKeys(): Promise<StripeKeys> {
  const secretId = env().STRIPE_SECRET_ARN;
  if (!secretId) throw new Error("Invalid environment: STRIPE_SECRET_ARN");
  const { SecretString } = await secretsManager().send(new GetSecretValueCommand({ SecretId: secretId }));
  const parsed = JSON.parse(SecretString ?? "{}") as Partial<StripeKeys>;
  if (!parsed.secretKey || !parsed.webhookSecret)
    throw new Error("The Stripe secret needs secretKey and webhookSecret");
  return { secretKey: parsed.secretKey, webhookSecret: parsed.webhookSecret };
}

/** Read once per container; operators rotate by updating the secret (new containers pick it up). */
const stripeKeys = onceUnlessFailed(readStripeKeys);

export const billingStore = once(() => new DynamoBillingStore(dynamo, env().TABLE_NAME, now));

/**
 * A new tier in force: the profile keeps it (readers see it at once either way: the account store
 * reads the tier from billing) with what a raise adds (plan-change.ts: its platforms, its faster
 * schedule), the scan schedule follows the changed profile (an hourly schedule slows to what a
 * lower tier allows; chosen platforms stay stored), and the audit log says so.
 */
const tierEffects: TierChangeEffects = {
  async tierChanged(userId, from, to, reason) {
    const profile = await accountStore().getProfile(userId);
    if (profile) {
      const changed = { ...profileForTier(profile, from, to), updatedAt: now().toISOString() };
      await accountStore().putProfile(changed);
      await syncScanSchedule(scanSchedules, changed);
    }
    await auditLog().record(userId, BILLING_ACTOR, "plan.changed", TIERS[to].name, { from, to, reason });
  },
};

export const billingService = once(
  () =>
    new BillingService({
      store: billingStore(),
      provider: new StripeBilling({
        apiUrl: env().STRIPE_API_URL ?? "https://api.stripe.com",
        keys: stripeKeys,
        now,
      }),
      effects: tierEffects,
      accountExists: async (userId) => (await accountStore().getProfile(userId)) !== null,
      contactOf: async (userId) => {
        const profile = await accountStore().getProfile(userId);
        return profile?.email ? { email: profile.email } : {};
      },
      appUrl: env().APP_URL,
      now,
    }),
);
