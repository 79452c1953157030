import { Duration, RemovalPolicy } from "aws-cdk-lib";
import * as ec2 from "aws-cdk-lib/aws-ec2";
import type { IKey } from "aws-cdk-lib/aws-kms";
import * as logs from "aws-cdk-lib/aws-logs";
import * as rds from "aws-cdk-lib/aws-rds";
import type { ISecret } from "aws-cdk-lib/aws-secretsmanager";
import { Construct } from "constructs";
import { inBothCompliancePacks, justify } from "../compliance/justify.js";
import { logGroupKey } from "./stack-keys.js";

export interface GalleryDatabaseProps {
  /** Encrypts the cluster's storage, snapshots and sign-in secret: the biometric key, as for samples. */
  key: IKey;
  retain: boolean;
  /** Aurora capacity units: 0.5 ACU is about 1 GiB of memory; 1 M face vectors and their HNSW graph need ~4 GiB. */
  minCapacity: number;
  maxCapacity: number;
  logRetentionDays: logs.RetentionDays;
}

/** The gallery as functions are bound to it. */
export interface GalleryRef {
  clusterArn: string;
  /** The owner's sign-in: creates the tables, writes and deletes rows. */
  secret: ISecret;
  /** A sign-in that may only SELECT (the health check's), made by the after-deploy step. */
  readerSecret: ISecret;
  databaseName: string;
}

/** The read-only database user the health check signs in as (GALLERY_READER_USER in the handlers). */
export const GALLERY_READER_USER = "gallery_reader";

/** The database the gallery's tables live in (GALLERY_DATABASE). */
export const GALLERY_DATABASE = "gallery";

/**
 * The gallery: Aurora PostgreSQL Serverless v2 with pgvector (HNSW, cosine; the tables are made by
 * the after-deploy step, packages/domain/src/gallery). Functions reach it only over the RDS Data
 * API (HTTPS, IAM-signed), so they stay outside any VPC; the cluster sits in isolated subnets with
 * no route out and no inbound rule. It holds only enrolled people's embeddings, derived from the
 * sealed samples and rebuilt from them: never a crawled bystander's face.
 */
export class GalleryDatabase extends Construct {
  readonly cluster: rds.DatabaseCluster;
  readonly secret: ISecret;
  readonly readerSecret: ISecret;
  readonly databaseName = GALLERY_DATABASE;

  constructor(scope: Construct, id: string, props: GalleryDatabaseProps) {
    super(scope, id);
    const vpc = new ec2.Vpc(this, "Vpc", {
      maxAzs: 2,
      natGateways: 0,
      subnetConfiguration: [{ name: "gallery", subnetType: ec2.SubnetType.PRIVATE_ISOLATED, cidrMask: 24 }],
      // The default security group is attached to nothing; its rules are removed so nothing can be.
      restrictDefaultSecurityGroup: true,
      flowLogs: {
        rejected: {
          destination: ec2.FlowLogDestination.toCloudWatchLogs(
            new logs.LogGroup(this, "FlowLogs", {
              retention: props.logRetentionDays,
              encryptionKey: logGroupKey(this),
              removalPolicy: RemovalPolicy.DESTROY,
            }),
          ),
          trafficType: ec2.FlowLogTrafficType.REJECT,
        },
      },
    });
    const removalPolicy = props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    this.cluster = new rds.DatabaseCluster(this, "Cluster", {
      engine: rds.DatabaseClusterEngine.auroraPostgres({ version: rds.AuroraPostgresEngineVersion.VER_17_4 }),
      writer: rds.ClusterInstance.serverlessV2("Writer"),
      serverlessV2MinCapacity: props.minCapacity,
      serverlessV2MaxCapacity: props.maxCapacity,
      vpc,
      vpcSubnets: { subnetType: ec2.SubnetType.PRIVATE_ISOLATED },
      // Not 5432: nothing can reach it anyway, and a scanner's default guess finds nothing.
      port: 5438,
      enableDataApi: true,
      iamAuthentication: true,
      credentials: rds.Credentials.fromGeneratedSecret("gallery_admin", { encryptionKey: props.key }),
      defaultDatabaseName: GALLERY_DATABASE,
      storageEncrypted: true,
      storageEncryptionKey: props.key,
      // The shortest Aurora allows: the gallery is rebuilt from the sealed samples, never restored, and
      // an erased person's vectors must not outlive the erasure in a snapshot for long.
      backup: { retention: Duration.days(1) },
      // No log export: a failed statement's log line can quote its parameters, which are embeddings.
      // Enhanced monitoring sends OS metrics only (CPU, memory, I/O), never statements.
      monitoringInterval: Duration.seconds(60),
      deletionProtection: props.retain,
      removalPolicy,
    });
    if (!this.cluster.secret) throw new Error("The gallery cluster has no sign-in secret");
    this.secret = this.cluster.secret;
    // Its password is set on the database by the after-deploy step (Gallery.ensureReader), which reads it.
    this.readerSecret = new rds.DatabaseSecret(this, "ReaderSecret", {
      username: GALLERY_READER_USER,
      encryptionKey: props.key,
      excludeCharacters: " %+~`#$&*()|[]{}:;<>?!'/@\"\\",
    });
    // The cluster's secret is reached through its attachment; the acknowledgement goes on the secret itself.
    for (const secret of [this.cluster.node.findChild("Secret"), this.readerSecret]) {
      justify(secret, {
        nag: ["AwsSolutions-SMG4", ...inBothCompliancePacks("SecretsManagerRotationEnabled")],
        reason:
          "The Data API signs in with this secret on the functions' behalf; single-user rotation needs a rotation function inside the isolated VPC with a Secrets Manager endpoint, planned with the crawl (issue 24).",
      });
    }
    if (!props.retain) {
      justify(this.cluster, {
        nag: ["AwsSolutions-RDS10", ...inBothCompliancePacks("RDSInstanceDeletionProtectionEnabled")],
        reason:
          "Development stages delete their data with the stack (retainData false); production keeps deletion protection on.",
      });
    }
    justify(this.cluster, {
      nag: inBothCompliancePacks("RDSLoggingEnabled[LogExport::postgresql]"),
      reason:
        "No PostgreSQL log export on purpose: a failed statement's log line can quote its parameters, which are face and voice embeddings (biometric data);.",
    });
    justify(this.cluster, {
      nag: inBothCompliancePacks("RDSInBackupPlan"),
      reason:
        "The gallery is derived data, rebuilt from the sealed samples, never restored: Aurora keeps its shortest automated backup (1 day) so an erased person's vectors do not outlive the erasure in a snapshot; an AWS Backup plan would keep copies longer.",
    });
    const monitoringRole = this.cluster.node.tryFindChild("MonitoringRole");
    if (monitoringRole) {
      justify(monitoringRole, {
        nag: [
          "AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonRDSEnhancedMonitoringRole]",
        ],
        reason:
          "RDS enhanced monitoring requires this AWS managed policy (publishing OS metrics to the RDSOSMetrics log group); the role is assumable by the RDS monitoring service only.",
      });
    }
  }

  /** What a function is bound to (AppFunction.bindGallery grants ExecuteStatement and the secret). */
  get ref(): GalleryRef {
    return {
      clusterArn: this.cluster.clusterArn,
      secret: this.secret,
      readerSecret: this.readerSecret,
      databaseName: this.databaseName,
    };
  }
}
