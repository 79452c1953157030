import { DynamoFaceRegisterLock, DynamoFaceReviewStore } from "@lg/domain/biometrics/adapters/dynamo-face-claims";
import { describe, expect, it } from "vitest";
import { useDynamoStandIn } from "../../support/dynamo-stand-in.js";

const table = useDynamoStandIn("face-claim-table-test");
const at = (iso: string) => new Date(iso);

describe("the face register's claim in the table", () => {
  it("goes to one claimant at a time, back to nobody once given back, and to another once lapsed", async () => {
    const lock = new DynamoFaceRegisterLock(table.doc, table.table);
    const now = at("2026-11-29T09:00:00Z");
    const until = at("2026-11-29T09:00:30Z");
    const claims = await Promise.all(["a", "b", "c"].map((owner) => lock.claim(owner, now, until)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    const owner = ["a", "b", "c"][claims.indexOf(true)] as string;
    // Only its owner gives it back.
    await lock.giveBack(owner === "a" ? "b" : "a");
    expect(await lock.claim("d", now, until)).toBe(false);
    await lock.giveBack(owner);
    expect(await lock.claim("d", now, until)).toBe(true);
    // A claimant that died: its claim lapses at its lease's end.
    expect(await lock.claim("e", at("2026-11-29T09:00:31Z"), at("2026-11-29T09:01:01Z"))).toBe(true);
  });
});

describe("face reviews in the table", () => {
  it("keep who is in them and who passed, are found once past their deadline, and go when closed", async () => {
    const reviews = new DynamoFaceReviewStore(table.doc, table.table);
    const review = {
      reviewId: "r1",
      holderUserId: "holder",
      challengerUserIds: ["second"],
      passedUserIds: [],
      openedAt: "2026-11-29T09:00:00.000Z",
      deadline: "2026-12-06T09:00:00.000Z",
    };
    await reviews.open(review);
    await reviews.addChallenger("r1", "third");
    expect(await reviews.recordPass("r1", "holder")).toMatchObject({
      challengerUserIds: ["second", "third"],
      passedUserIds: ["holder"],
    });
    expect(await reviews.due(at("2026-12-06T08:59:00Z"))).toEqual([]);
    expect((await reviews.due(at("2026-12-06T09:01:00Z"))).map((r) => r.reviewId)).toEqual(["r1"]);
    await reviews.close("r1");
    expect(await reviews.get("r1")).toBeNull();
    expect(await reviews.recordPass("r1", "second")).toBeNull();
  });
});
