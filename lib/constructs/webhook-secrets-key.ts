import type { SealedPurpose } from "@lg/domain/integrations/sealed-secrets";
import { Stack } from "aws-cdk-lib";
import * as iam from "aws-cdk-lib/aws-iam";
import type { IKey } from "aws-cdk-lib/aws-kms";
import { Construct } from "constructs";
import type { AppFunction } from "./app-function.js";
import { CustomerKey } from "./customer-key.js";

/**
 * The KMS key webhook signing secrets are sealed under (envelope encryption, as biometric embeddings:
 * packages/domain/src/integrations/sealed-secrets.ts), and API answers that carried one. Each grant
 * names the purposes it may use (`kms:EncryptionContext:purpose`): the functions that make secrets
 * may only make data keys, the delivery consumer may only open signing secrets, and the public API
 * may open only the answers it keeps for idempotent replays.
 */
export class WebhookSecretsKey extends Construct {
  readonly key: IKey;

  constructor(scope: Construct, id: string, props: { retain: boolean }) {
    super(scope, id);
    this.key = new CustomerKey(this, "Key", {
      alias: `alias/${Stack.of(this).stackName}-webhook-secrets`,
      description: "Seals webhook signing secrets at rest",
      // Secrets sealed under it live in the table: the key is kept wherever the data is.
      retain: props.retain,
    }).key;
  }

  /** New data keys, to seal what the function makes (a secret, a kept answer), for these purposes only. */
  bindSealer(fn: AppFunction, purposes: readonly SealedPurpose[]): AppFunction {
    return this.grant(fn, "kms:GenerateDataKey", purposes);
  }

  /** Opening what was sealed for these purposes only. */
  bindOpener(fn: AppFunction, purposes: readonly SealedPurpose[]): AppFunction {
    return this.grant(fn, "kms:Decrypt", purposes);
  }

  private grant(fn: AppFunction, action: string, purposes: readonly SealedPurpose[]): AppFunction {
    fn.setEnv("WEBHOOK_SECRETS_KEY_ID", this.key.keyArn);
    fn.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: [action],
        resources: [this.key.keyArn],
        conditions: { StringEquals: { "kms:EncryptionContext:purpose": [...purposes] } },
      }),
    );
    return fn;
  }
}
