import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { DescribeExecutionCommand } from "@aws-sdk/client-sfn";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { DynamoScanRepository } from "@lg/domain/scanning/adapters/dynamo-scans";
import { afterAll, describe, expect, inject, it } from "vitest";
import { enrolPersona, loadScenario, scanClients, waitForScan } from "../support/scan-run.js";
import { clientConfig } from "./local-clients.js";
import { deleteWithProof, signUp } from "./signed-up-person.js";

const stack = inject("localStack");
const { env } = stack;
const world = { env, mediaDir: env.DEMO_MEDIA_DIR ?? path.resolve("../shared/data") };
const s3 = new S3Client(clientConfig(env, "AWS_ENDPOINT_URL_S3"));
const { doc, accounts, sfn } = scanClients(env);

afterAll(() => s3.destroy());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every item anywhere in the table that names the id, in a key or an attribute. */
async function itemsNaming(userId: string) {
  const found: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new ScanCommand({ TableName: env.TABLE_NAME, ExclusiveStartKey, ConsistentRead: true }),
    );
    found.push(...(page.Items ?? []).filter((item) => JSON.stringify(item).includes(userId)));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return found.map((item) => `${item.pk} ${item.sk}`);
}

const evidenceOf = async (userId: string) =>
  (
    (await s3.send(new ListObjectsV2Command({ Bucket: env.EVIDENCE_BUCKET, Prefix: `evidence/${userId}/` })))
      .Contents ?? []
  ).map((o) => o.Key);

describe("deleting an account while its scan runs", () => {
  it("stops the scan, and leaves no table item and no evidence object under the id, even after the scan's steps end", async () => {
    const scenario = await loadScenario(env);
    const person = await signUp(stack.url, "erase-mid-scan");
    const username = (await accounts.getProfile(person.userId))?.username;
    await enrolPersona(world, person.userId, scenario);
    // The sign-in account goes with the profile: keep its username, as sign-up stored it.
    const enrolled = await accounts.getProfile(person.userId);
    if (enrolled && username) await accounts.putProfile({ ...enrolled, username });

    const forced = await fetch(`${stack.url}/api/scan/force`, { method: "POST", headers: { cookie: person.cookie } });
    expect(forced.status, await forced.clone().text()).toBe(202);
    const { scanId } = (await forced.json()) as { scanId: string };
    const scan = await new DynamoScanRepository(doc, env.TABLE_NAME ?? "").get(person.userId, scanId);
    const executionArn = scan?.executionArn ?? "";
    // Mid-scan: the first evidence package is written, more items are being analysed.
    const deadline = Date.now() + 300_000;
    while ((await evidenceOf(person.userId)).length === 0 && Date.now() < deadline) await sleep(200);
    expect(await evidenceOf(person.userId)).not.toEqual([]);
    expect((await sfn.send(new DescribeExecutionCommand({ executionArn }))).status).toBe("RUNNING");

    const deleted = await fetch(`${stack.url}/api/account`, deleteWithProof(person.cookie));
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(((await deleted.json()) as { deleted: { scansStopped: number } }).deleted.scansStopped).toBe(1);
    expect((await waitForScan(env, executionArn)).status).toBe("ABORTED");

    expect(await itemsNaming(person.userId)).toEqual([]);
    expect(await evidenceOf(person.userId)).toEqual([]);
    // Steps already running when the execution stopped (analyses, the reconciler) finish later: they write nothing.
    await sleep(15_000);
    expect(await itemsNaming(person.userId)).toEqual([]);
    expect(await evidenceOf(person.userId)).toEqual([]);
    // The person can no longer start one either: the session went with the account.
    const again = await fetch(`${stack.url}/api/scan/force`, { method: "POST", headers: { cookie: person.cookie } });
    expect(again.status).toBe(401);
  }, 600_000);
});
