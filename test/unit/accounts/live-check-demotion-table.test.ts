import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { DynamoLiveCheckDemotionTable } from "@lg/domain/biometrics/adapters/dynamo-live-check-demotion";
import { lapsedVerification } from "@lg/domain/biometrics/enrolment-verification";
import type { BiometricSampleRecord } from "@lg/domain/records";
import { BiometricSample } from "@lg/domain/table/entities";
import { toItem } from "@lg/domain/table/entity";
import { describe, expect, it } from "vitest";
import { storedFaceSample } from "../../support/biometric-sample.js";
import { useDynamoStandIn } from "../../support/dynamo-stand-in.js";

const local = useDynamoStandIn("live-check-demotion-test");
const TABLE = local.table;

const sample = (userId: string, sampleId: string, extra: Partial<BiometricSampleRecord>) =>
  storedFaceSample(userId, sampleId, { quality: { pose: "front" }, ...extra });

const put = (s: BiometricSampleRecord) =>
  local.doc.send(new PutCommand({ TableName: TABLE, Item: toItem(BiometricSample, s) }));
const stored = async (s: BiometricSampleRecord) => {
  const { pk, sk } = toItem(BiometricSample, s);
  return (await local.doc.send(new GetCommand({ TableName: TABLE, Key: { pk, sk } }))).Item;
};

/** The sparse-index partition verified frontal frames were kept in before the gallery answered the register. */
const OLD_REGISTER = "FACE#VERIFIED";

/** As the code before the live check stored a verified frontal frame: in the verified-faces register. */
const putAsBefore = (s: BiometricSampleRecord) =>
  local.doc.send(
    new PutCommand({
      TableName: TABLE,
      Item: {
        ...toItem(BiometricSample, s),
        gsi2pk: OLD_REGISTER,
        gsi2sk: `${s.createdAt}#${s.userId}#${s.sampleId}`,
      },
    }),
  );

async function owners(table: DynamoLiveCheckDemotionTable) {
  const ids: string[] = [];
  for await (const id of table.userIds()) ids.push(id);
  return ids.sort();
}

describe("the live-check demotion over the table", () => {
  it("finds, page by page, each owner of a face verified before the live check once, and nobody else", async () => {
    await put(sample("old-capture", "a", { verifiedBy: "server-checked-capture" }));
    await put(sample("old-capture", "b", { verifiedBy: "server-checked-capture", quality: { pose: "left" } }));
    await put(sample("old-vouched", "a", { source: "upload", verifiedBy: "matches-server-checked-capture" }));
    await put(sample("legacy", "a", {}));
    await put(sample("legacy-upload", "a", { source: "upload" }));
    await put(sample("live-checked", "a", { verifiedBy: "live-check", liveCheckId: "c1" }));
    await put(sample("live-vouched", "a", { source: "upload", verifiedBy: "matches-live-check" }));
    await put(sample("zero-knowledge", "a", { source: "zero-knowledge" }));
    await put(sample("unverified", "a", { source: "upload", verified: false }));
    await put(sample("voice", "a", { modality: "voice", verifiedBy: "server-checked-capture" }));
    const expected = ["legacy", "legacy-upload", "old-capture", "old-vouched"];
    expect(await owners(new DynamoLiveCheckDemotionTable(local.doc, TABLE, 2))).toEqual(expected);
    expect(await owners(new DynamoLiveCheckDemotionTable(local.doc, TABLE))).toEqual(expected);
  });

  it("writes the demotion only while the sample is as read, and drops the old register's index key", async () => {
    const table = new DynamoLiveCheckDemotionTable(local.doc, TABLE);
    const read = sample("register", "front", { verifiedBy: "server-checked-capture" });
    await putAsBefore(read);
    expect((await stored(read))?.gsi2pk).toBe(OLD_REGISTER);

    // Changed since it was read (an auto-delete choice): refused.
    await putAsBefore({ ...read, deleteAfter: "2027-01-01T00:00:00.000Z" });
    const at = new Date("2026-11-27T09:00:00.000Z");
    expect(await table.lapse(read, lapsedVerification(read, at))).toBe(false);
    expect((await stored(read))?.verified).toBe(true);

    const again = { ...read, deleteAfter: "2027-01-01T00:00:00.000Z" };
    expect(await table.lapse(again, lapsedVerification(again, at))).toBe(true);
    const item = await stored(read);
    expect(item).toMatchObject({
      verified: false,
      verificationLapsed: "predates-live-check",
      verificationLapsedAt: at.toISOString(),
    });
    expect(item?.verifiedBy).toBeUndefined();
    expect(item?.gsi2pk).toBeUndefined();
    // Already demoted: a second write is refused, and the owner is no longer found.
    expect(await table.lapse(again, lapsedVerification(again, at))).toBe(false);
    expect(await owners(table)).not.toContain("register");
  });
});
