import { Duration, RemovalPolicy } from "aws-cdk-lib";
import * as kms from "aws-cdk-lib/aws-kms";
import { Construct } from "constructs";

export interface CustomerKeyProps {
  alias: string;
  description: string;
  retain: boolean;
}

/** A customer-managed symmetric KMS key with yearly rotation; retained in stages that keep data. */
export class CustomerKey extends Construct {
  readonly key: kms.Key;

  constructor(scope: Construct, id: string, props: CustomerKeyProps) {
    super(scope, id);
    this.key = new kms.Key(this, "Key", {
      alias: props.alias,
      description: props.description,
      enableKeyRotation: true,
      rotationPeriod: Duration.days(365),
      // Scheduled deletion waits the maximum: data encrypted under a deleted key is gone for good.
      pendingWindow: Duration.days(30),
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
  }
}
