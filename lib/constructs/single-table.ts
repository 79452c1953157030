import { tableDesign } from "@lg/domain/table/index";
import { RemovalPolicy } from "aws-cdk-lib";
import * as dynamodb from "aws-cdk-lib/aws-dynamodb";
import type { IKey } from "aws-cdk-lib/aws-kms";
import { Construct } from "constructs";
import { inBothCompliancePacks, justify } from "../compliance/justify.js";

export interface SingleTableProps {
  key: IKey;
  retain: boolean;
}

/**
 * The one DynamoDB table, shaped by `tableDesign()` from the entity definitions, so keys, GSIs and
 * TTL here are exactly what the entities write (docs/data-model.md is generated from the same source).
 */
export class SingleTable extends Construct {
  readonly table: dynamodb.Table;

  constructor(scope: Construct, id: string, props: SingleTableProps) {
    super(scope, id);
    const design = tableDesign();
    const string = dynamodb.AttributeType.STRING;
    this.table = new dynamodb.Table(this, "Table", {
      partitionKey: { name: design.partitionKey, type: string },
      sortKey: { name: design.sortKey, type: string },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.CUSTOMER_MANAGED,
      encryptionKey: props.key,
      ...(design.ttlAttribute ? { timeToLiveAttribute: design.ttlAttribute } : {}),
      deletionProtection: props.retain,
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    justify(this.table, {
      nag: inBothCompliancePacks("DynamoDBInBackupPlan"),
      reason:
        "Point-in-time recovery (continuous backups, restorable to any second of the last 35 days) is the table's backup; an AWS Backup plan would keep further copies of erased people's items for as long as the plan retains them.",
    });
    for (const index of design.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: string },
        sortKey: { name: index.sortKey, type: string },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
  }
}
