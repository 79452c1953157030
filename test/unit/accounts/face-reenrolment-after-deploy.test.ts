import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { DynamoSampleOwners, olderFaceSampleOwners } from "@lg/domain/biometrics/adapters/dynamo-sample-owners";
import { CURRENT_FACE_EMBEDDING_MODEL, FaceReenrolment, reenrolEveryone } from "@lg/domain/biometrics/embedding-models";
import type { BiometricSampleRecord } from "@lg/domain/records";
import { BiometricSample } from "@lg/domain/table/entities";
import { toItem } from "@lg/domain/table/entity";
import { describe, expect, it } from "vitest";
import { storedFaceSample } from "../../support/biometric-sample.js";
import { useDynamoStandIn } from "../../support/dynamo-stand-in.js";
import { FakeAnalyser, photo } from "./fakes.js";
import { accountWorld } from "./world.js";

const local = useDynamoStandIn("face-reenrolment-test");
const TABLE = local.table;

const sample = storedFaceSample;

async function collect(owners: DynamoSampleOwners) {
  const ids: string[] = [];
  for await (const id of owners.userIds()) ids.push(id);
  return ids.sort();
}

describe("face re-enrolment after a deploy", () => {
  it("visits each owner of an older-model face sample once, and nobody whose faces are current or who has only a voice", async () => {
    const put = (s: BiometricSampleRecord) =>
      local.doc.send(new PutCommand({ TableName: TABLE, Item: toItem(BiometricSample, s) }));
    await put(sample("legacy", "a", {}));
    await put(sample("legacy", "b", {}));
    await put(sample("named-old", "a", { embeddingModel: "some-older-model" }));
    await put(sample("current", "a", { embeddingModel: CURRENT_FACE_EMBEDDING_MODEL }));
    await put(sample("voice-only", "a", { modality: "voice" }));
    expect(await collect(olderFaceSampleOwners(local.doc, TABLE))).toEqual(["legacy", "named-old"]);
    // The same scan, not narrowed, is whom the gallery's backfill visits: every owner of a sample.
    expect(await collect(new DynamoSampleOwners(local.doc, TABLE))).toEqual([
      "current",
      "legacy",
      "named-old",
      "voice-only",
    ]);
  });

  it("re-enrols every owner it is given, and one person's failure neither stops the run nor hides it", async () => {
    const w = accountWorld();
    const { userId } = await w.member("kay@example.com");
    const objectKey = `users/${userId}/samples/s1.jpg`;
    await w.objects.write(objectKey, photo("person=4;yaw=0"), "image/jpeg", {});
    await w.store.putSample(sample(userId, "s1", { objectKey, encryptedEmbedding: "", encryptedDataKey: "" }));
    const migration = new FaceReenrolment({ ...w, analyser: new FakeAnalyser() });
    const failures: string[] = [];
    const owners = {
      async *userIds() {
        yield "missing-user-that-throws";
        yield userId;
      },
    };
    const flaky = {
      reenrol: (id: string) => (id === userId ? migration.reenrol(id) : Promise.reject(new Error("boom"))),
    };
    const run = await reenrolEveryone(owners, flaky, (id) => failures.push(id));
    expect(run).toEqual({ users: 2, recomputed: 1, needRecapture: 0, failed: 1 });
    expect(failures).toEqual(["missing-user-that-throws"]);
    const [stored] = (await w.store.listSamples(userId)).filter((s) => s.modality === "face");
    expect(stored?.embeddingModel).toBe(CURRENT_FACE_EMBEDDING_MODEL);
  });
});
