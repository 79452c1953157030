import { describe, expect, it } from "vitest";
import { writeEvidencePackage } from "../../../packages/domain/src/scanning/evidence.js";
import { photo, sayingPhrase } from "./fakes.js";
import { accountWorld } from "./world.js";

describe("privacy controls", () => {
  it("re-tags stored objects and moves embedding expiry when the auto-delete choice changes", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    await w.liveCapture(userId, 1, { voice: sayingPhrase() });
    expect([...w.objects.objects.values()].every((o) => o.tags["auto-delete"] === "90d")).toBe(true);

    await w.profiles.update(userId, { dataExpiryDays: 30 });
    expect([...w.objects.objects.values()].every((o) => o.tags["auto-delete"] === "30d")).toBe(true);
    const samples = await w.store.listSamples(userId);
    const thirtyDaysOn = (iso: string) => new Date(Date.parse(iso) + 30 * 86_400_000).toISOString();
    expect(samples.every((s) => s.deleteAfter === thirtyDaysOn(s.createdAt))).toBe(true);

    await w.profiles.update(userId, { dataExpiryDays: -1 });
    expect([...w.objects.objects.values()].every((o) => o.tags["auto-delete"] === "never")).toBe(true);
    expect((await w.store.listSamples(userId)).every((s) => s.deleteAfter === undefined)).toBe(true);
  });

  it("sweeps expired samples and their objects on read", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    await w.profiles.update(userId, { dataExpiryDays: 30 });
    await w.liveCapture(userId, 1);
    w.clock.now = new Date("2026-12-23T00:00:00Z");
    expect(await w.samples.activeSamples(userId)).toEqual([]);
    expect(await w.store.listSamples(userId)).toEqual([]);
    expect(w.objects.objects.size).toBe(0);
    expect((await w.profiles.get(userId)).faceEmbeddingPath).toBe("");
  });

  it("deletes all biometric data and withdraws consent, leaving the other user untouched", async () => {
    const w = accountWorld();
    const alice = await w.member("alice@example.com");
    const bob = await w.member("bob@example.com");
    await w.liveCapture(alice.userId, 1, { voice: sayingPhrase() });
    await w.liveCapture(bob.userId, 1);

    expect(await w.erasure.deleteBiometrics(alice.userId)).toEqual({ samples: 4, objects: 4, objectVersions: 0 });
    expect(await w.store.listSamples(alice.userId)).toEqual([]);
    expect(await w.objects.list(`users/${alice.userId}/`)).toEqual([]);
    expect((await w.consent.status(alice.userId)).required).toBe(true);
    expect(await w.store.listSamples(bob.userId)).toHaveLength(3);
  });

  it("deletes an account so that nothing of it remains and its sessions no longer work", async () => {
    const w = accountWorld();
    const alice = await w.member("alice@example.com");
    const bob = await w.member("bob@example.com");
    await w.liveCapture(alice.userId, 1, { voice: sayingPhrase() });
    const capture = (userId: string, media: string) =>
      writeEvidencePackage(w.evidence, {
        userId,
        media: { bytes: new TextEncoder().encode(media), contentType: "image/jpeg", url: `https://x.example/${media}` },
        page: { url: `https://x.example/p/${media}`, platform: "x" },
        detection: { match: true },
        capturedAt: "2026-11-22T00:00:00Z",
      });
    await capture(alice.userId, "a1");
    await capture(alice.userId, "a2");
    await capture(bob.userId, "b1");

    const deleted = await w.erasure.deleteAccount(alice.userId);
    expect(deleted).toMatchObject({ samples: 4, objects: 4, evidenceObjects: 8, sessions: 1, signInAccount: true });
    expect([...w.evidence.objects.keys()].filter((k) => k.includes(alice.userId))).toEqual([]);
    expect(w.schedules.removed).toEqual([`scan-${alice.userId}`]);
    expect([...w.evidence.objects.keys()].filter((k) => k.startsWith(`evidence/${bob.userId}/`))).toHaveLength(4);
    const remaining = [...w.store.items.values()].filter((i) => JSON.stringify(i).includes(alice.userId));
    expect(remaining).toEqual([]);
    expect(w.objects.objects.size).toBe(0);
    expect(w.identity.deleted).toEqual(["alice@example.com"]);
    expect(await w.auth.currentUser(alice.sessionToken)).toBeNull();
    expect(await w.auth.currentUser(bob.sessionToken)).toMatchObject({ userId: bob.userId });
  });

  it("deletes the records of the account's protection held by the people it protects, while its people still lead to them", async () => {
    const w = accountWorld();
    const owner = await w.member("owner@example.com");
    const invitee = await w.member("invitee@example.com");
    const protection = { memberUserId: invitee.userId, accountId: owner.userId, personId: "p_1" };
    const held = new Map([[JSON.stringify(protection), protection]]);
    const ownerItemsSeen: number[] = [];
    const erasure = w.erasureWith({
      people: {
        deleteProtectionsBy: async (accountId) => {
          ownerItemsSeen.push((await w.store.listUserItems(accountId)).length);
          const theirs = [...held].filter(([, p]) => p.accountId === accountId);
          for (const [key] of theirs) held.delete(key);
          return theirs.length;
        },
      },
    });
    const before = (await w.store.listUserItems(owner.userId)).length;
    const deleted = await erasure.deleteAccount(owner.userId);
    expect(held.size).toBe(0);
    expect(ownerItemsSeen).toHaveLength(1);
    expect(ownerItemsSeen[0]).toBeGreaterThan(0);
    expect(deleted.items).toBe(before + 1);
  });
});

describe("what scans may search for", () => {
  it("includes verified faces and voices only, never an unverified uploaded photo", async () => {
    const { enrolledEmbeddings } = await import("../../../packages/domain/src/biometrics/enrolled-identity.js");
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    const { uploadURL } = await w.enrolment.createUploadUrl(userId, "face", { size: 1024 });
    await w.objects.write(w.objects.keyFromUploadUrl(uploadURL) as string, photo("person=2;yaw=0"), "image/jpeg", {});
    await w.enrolment.registerUpload(userId, "face", uploadURL);
    expect((await enrolledEmbeddings(w.samples, w.keys, userId)).face).toEqual([]);
    await w.liveCapture(userId, 1, { voice: sayingPhrase() });
    const identity = await enrolledEmbeddings(w.samples, w.keys, userId);
    expect(identity.face.map((f) => f[0])).toEqual([1, 1, 1]);
    expect(identity.voice).toHaveLength(1);
  });
});
