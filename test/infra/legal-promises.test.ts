/**
 * Every retention period the privacy policy names is a rule something enforces (issue 27): the
 * lifecycle rules, Object Lock and log retention of the production stage's templates, and the TTLs
 * and choices of the domain code. A policy that promised a deletion nothing performs fails here.
 */

import { SESSION_TTL_SECONDS } from "@lg/domain/accounts/sessions";
import { DATA_EXPIRY_OPTIONS, DEFAULT_DATA_EXPIRY_DAYS, sampleExpiry } from "@lg/domain/biometrics/retention";
import { DEMO_TTL_SECONDS } from "@lg/domain/demo/demo-service";
import { FINDING_TTL_SECONDS } from "@lg/domain/scanning/adapters/dynamo-findings";
import { INVITATION_DAYS } from "@lg/domain/team/team-service";
import { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { RETENTION, type RetentionMechanism } from "../../frontend/src/content/legal.js";
import { serviceTemplate, synthesizedStage } from "./synth-app.js";

const DAY_S = 86_400;
let data: Template;
let service: Template;

beforeAll(() => {
  const stacks = synthesizedStage("prod");
  data = Template.fromStack(stacks.data);
  service = serviceTemplate(stacks);
});

interface LifecycleRule {
  ExpirationInDays?: number;
  NoncurrentVersionExpiration?: { NoncurrentDays: number };
  TagFilters?: { Key: string; Value: string }[];
}
interface BucketProps {
  LifecycleConfiguration?: { Rules: LifecycleRule[] };
  ObjectLockConfiguration?: { Rule: { DefaultRetention: { Days: number } } };
  LoggingConfiguration?: unknown;
}
const buckets = () => Object.values(data.findResources("AWS::S3::Bucket")).map((b) => b.Properties as BucketProps);
const rulesOf = (bucket: BucketProps | undefined) => bucket?.LifecycleConfiguration?.Rules ?? [];

const choices = DATA_EXPIRY_OPTIONS.filter((d) => d !== -1);

/** The days each mechanism really enforces, in the order its policy row names them. */
const ENFORCED: Record<RetentionMechanism, () => number[]> = {
  "biometric-lifecycle": () => {
    const rules = rulesOf(buckets().find((b) => rulesOf(b).some((r) => r.TagFilters?.[0]?.Key === "auto-delete")));
    const byTag = rules.filter((r) => r.TagFilters?.[0]?.Key === "auto-delete");
    const noncurrent = new Set(rules.map((r) => r.NoncurrentVersionExpiration?.NoncurrentDays));
    expect(noncurrent).toEqual(new Set([1]));
    return [...byTag.map((r) => r.ExpirationInDays ?? Number.NaN), DEFAULT_DATA_EXPIRY_DAYS, 1];
  },
  "biometric-embeddings": () =>
    choices.map((d) => {
      const created = "2026-01-01T00:00:00.000Z";
      const { expiresAt } = sampleExpiry(created, d);
      return ((expiresAt ?? 0) - Date.parse(created) / 1000) / DAY_S;
    }),
  "gallery-rows": () => {
    // The gallery row carries its embedding's delete_after (gallery-sync.ts), and Aurora's automated backup
    // keeps it a day beyond.
    const clusters = resourcesOf("AWS::RDS::DBCluster");
    expect(clusters).toHaveLength(1);
    const [cluster] = clusters;
    const backup = (cluster?.Properties as { BackupRetentionPeriod?: number } | undefined)?.BackupRetentionPeriod;
    return [...ENFORCED["biometric-embeddings"](), backup ?? Number.NaN];
  },
  "evidence-object-lock": () =>
    buckets().flatMap((b) => (b.ObjectLockConfiguration ? [b.ObjectLockConfiguration.Rule.DefaultRetention.Days] : [])),
  "scan-findings-ttl": () => [FINDING_TTL_SECONDS / DAY_S],
  "session-ttl": () => [SESSION_TTL_SECONDS / DAY_S],
  "demo-ttl": () => [DEMO_TTL_SECONDS / DAY_S],
  "team-invitation-expiry": () => [INVITATION_DAYS],
  "access-log-lifecycle": () => {
    // The access-log bucket is the one the others log to: it logs nowhere itself, has an expiry and no
    // tag rules (the scan-work bucket expires its manifests after a day too, but logs to this one).
    const logs = buckets().filter(
      (b) =>
        !b.ObjectLockConfiguration &&
        !b.LoggingConfiguration &&
        rulesOf(b).some((r) => r.ExpirationInDays && !r.TagFilters),
    );
    expect(logs).toHaveLength(1);
    return [
      ...new Set(logs.flatMap((b) => rulesOf(b).flatMap((r) => (r.ExpirationInDays ? [r.ExpirationInDays] : [])))),
    ];
  },
  "service-log-retention": () => [
    ...new Set(
      Object.values(service.findResources("AWS::Logs::LogGroup")).map(
        (g) => (g.Properties as { RetentionInDays: number }).RetentionInDays,
      ),
    ),
  ],
  "account-lifetime": () => [],
};

/** The numbers of days a sentence names ("30, 90 or 180 days", "1 day", "2557 days (7 years)"). */
function daysNamed(text: string): number[] {
  const named: number[] = [];
  for (const clause of text.matchAll(/((?:\d+(?:, | or )?)+) days?\b/g)) {
    for (const n of (clause[1] ?? "").matchAll(/\d+/g)) named.push(Number(n[0]));
  }
  return named;
}

describe("the privacy policy's retention schedule", () => {
  it.each(RETENTION.map((row) => [row.mechanism, row] as const))("%s: names the days it says", (_name, row) => {
    expect(daysNamed(row.kept)).toEqual(row.days);
  });

  it.each(RETENTION.map((row) => [row.mechanism, row] as const))("%s: is what the code enforces", (mechanism, row) => {
    expect(row.days).toEqual(ENFORCED[mechanism]());
  });
});

/** Every template of the production stage: biometric data may sit in any of them. */
const templates = () => {
  const stacks = synthesizedStage("prod");
  return Object.values(stacks).map((stack) => Template.fromStack(stack));
};
const resourcesOf = (type: string) => templates().flatMap((t) => Object.values(t.findResources(type)));

/**
 * Kinds of store that can keep data at rest. Each one deployed either holds biometric data, and then a
 * row of the schedule must name it, or is listed here with why it holds none.
 */
const HOLDS_NO_BIOMETRIC_DATA: Record<string, string> = {
  "AWS::SQS::Queue": "dead-letter queues of events and scan work: ids and keys, never samples or embeddings",
  "AWS::Logs::LogGroup": "service logs, which never hold bodies or embeddings (the service-log row covers them)",
};
const STORE_TYPES = [
  "AWS::S3::Bucket",
  "AWS::DynamoDB::Table",
  "AWS::RDS::DBCluster",
  "AWS::RDS::DBInstance",
  "AWS::EFS::FileSystem",
  "AWS::OpenSearchService::Domain",
  "AWS::ElastiCache::CacheCluster",
  "AWS::ElastiCache::ReplicationGroup",
  "AWS::Neptune::DBCluster",
  "AWS::DocDB::DBCluster",
  "AWS::Kinesis::Stream",
  ...Object.keys(HOLDS_NO_BIOMETRIC_DATA),
];

describe("the retention schedule covers every copy of biometric data (issue 36 item 3)", () => {
  it("names a row for every kind of store the stage deploys that can hold biometric data", () => {
    const named = new Set<string>(RETENTION.flatMap((row) => row.biometricStores ?? []));
    const deployed = STORE_TYPES.filter((type) => resourcesOf(type).length > 0);
    // An Aurora instance is the cluster's compute: its data is the cluster's, covered by the cluster's row.
    const instancesOutsideClusters = resourcesOf("AWS::RDS::DBInstance").filter(
      (i) => !(i.Properties as { DBClusterIdentifier?: unknown }).DBClusterIdentifier,
    );
    expect(instancesOutsideClusters).toEqual([]);
    const uncovered = deployed.filter(
      (type) => type !== "AWS::RDS::DBInstance" && !named.has(type) && !(type in HOLDS_NO_BIOMETRIC_DATA),
    );
    expect(uncovered).toEqual([]);
    expect(deployed).toContain("AWS::RDS::DBCluster");
  });

  it("states the matching gallery as it is deployed: encrypted under our key, no public route, Data API only", () => {
    const [cluster, ...others] = resourcesOf("AWS::RDS::DBCluster");
    expect(others).toEqual([]);
    const props = cluster?.Properties as {
      Engine: string;
      StorageEncrypted: boolean;
      KmsKeyId?: unknown;
      EnableHttpEndpoint?: boolean;
      EnableIAMDatabaseAuthentication?: boolean;
    };
    expect(props).toMatchObject({
      Engine: "aurora-postgresql",
      StorageEncrypted: true,
      EnableHttpEndpoint: true,
      EnableIAMDatabaseAuthentication: true,
    });
    // Our key (a key of the stack), not the AWS-managed default.
    expect(JSON.stringify(props.KmsKeyId)).toMatch(/Fn::GetAtt|Fn::ImportValue|Ref/);
    for (const instance of resourcesOf("AWS::RDS::DBInstance")) {
      expect((instance.Properties as { PubliclyAccessible?: boolean }).PubliclyAccessible).not.toBe(true);
    }
    const gallery = RETENTION.find((row) => row.mechanism === "gallery-rows");
    expect(gallery?.where).toMatch(/Aurora PostgreSQL with pgvector/);
    expect(gallery?.where).toMatch(/plain numbers/);
    expect(gallery?.where).toMatch(/encrypted with our own key in AWS KMS/);
  });
});
