import { GetObjectTaggingCommand, HeadObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, describe, expect, inject, it } from "vitest";
import { S3LifecycleSweeper } from "../../local/src/stand-ins/s3-lifecycle-sweeper.js";
import { clientConfig } from "./local-clients.js";

const stack = inject("localStack");
const DAY = 86_400_000;

describe("local S3 lifecycle", () => {
  const s3 = new S3Client(clientConfig(stack.env, "AWS_ENDPOINT_URL_S3"));
  const Bucket = stack.env.BIOMETRIC_BUCKET!;
  afterAll(() => s3.destroy());

  const exists = (Key: string) =>
    s3.send(new HeadObjectCommand({ Bucket, Key })).then(
      () => true,
      () => false,
    );

  it("keeps tags given at upload and expires objects by their auto-delete tag, as the bucket's lifecycle rules do", async () => {
    const prefix = `lifecycle-${Date.now()}`;
    const put = (Key: string, Tagging?: string) =>
      s3.send(new PutObjectCommand({ Bucket, Key, Body: "sample", ...(Tagging ? { Tagging } : {}) }));
    await put(`${prefix}/30d`, "auto-delete=30d");
    await put(`${prefix}/90d`, "auto-delete=90d&modality=face");
    await put(`${prefix}/never`, "auto-delete=never");
    await put(`${prefix}/untagged`);

    const tags = await s3.send(new GetObjectTaggingCommand({ Bucket, Key: `${prefix}/90d` }));
    expect(tags.TagSet).toEqual([
      { Key: "auto-delete", Value: "90d" },
      { Key: "modality", Value: "face" },
    ]);

    const in31Days = new S3LifecycleSweeper(stack.env.AWS_ENDPOINT_URL_S3!, Bucket, () => Date.now() + 31 * DAY);
    expect(await in31Days.sweep()).toEqual([`${prefix}/30d`]);
    expect(await exists(`${prefix}/30d`)).toBe(false);
    expect(await exists(`${prefix}/90d`)).toBe(true);

    const in10Years = new S3LifecycleSweeper(stack.env.AWS_ENDPOINT_URL_S3!, Bucket, () => Date.now() + 3650 * DAY);
    expect((await in10Years.sweep()).filter((k) => k.startsWith(prefix))).toEqual([`${prefix}/90d`]);
    expect(await exists(`${prefix}/never`)).toBe(true);
    expect(await exists(`${prefix}/untagged`)).toBe(true);
  });

  it("expires every scan manifest a day after it was written, as the scan-work bucket's rule does", async () => {
    const WorkBucket = stack.env.SCAN_WORK_BUCKET!;
    // Only this test's prefix is swept: the stack is shared with scans whose manifests are in use.
    const prefix = `manifests/lifecycle-${Date.now()}/`;
    const Key = `${prefix}scan/reddit.json`;
    await s3.send(new PutObjectCommand({ Bucket: WorkBucket, Key, Body: "[]" }));
    const sweeper = (at: number) =>
      new S3LifecycleSweeper(stack.env.AWS_ENDPOINT_URL_S3!, WorkBucket, () => at, { expireAfterDays: 1 });
    expect(await sweeper(Date.now() + DAY / 2).sweep(prefix)).toEqual([]);
    expect(await sweeper(Date.now() + DAY + 60_000).sweep(prefix)).toEqual([Key]);
    const gone = await s3.send(new HeadObjectCommand({ Bucket: WorkBucket, Key })).then(
      () => false,
      () => true,
    );
    expect(gone).toBe(true);
  });
});
