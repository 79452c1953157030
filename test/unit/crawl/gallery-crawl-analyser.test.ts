import { Gallery } from "@lg/domain/gallery/gallery";
import { PgliteSql } from "@lg/local/stand-ins/pglite-sql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GalleryCrawlAnalyser } from "../../../lambdas/src/shared/crawl/crawl-analyser.js";
import { faceDescriptors } from "../../../packages/detection/src/face/descriptors.js";
import { pdqProbesOf } from "../../../packages/detection/src/hashing/pdq-media.js";
import { dataFile } from "../detection/data-dir.js";

const models = { face: "sface-2021dec", voice: "resemblyzer-ge2e" };
let sql: PgliteSql;
let gallery: Gallery;

const enrol = async (userId: string, photo: string) => {
  const [face] = await faceDescriptors(dataFile(photo));
  if (!face) throw new Error(`no face in ${photo}`);
  await gallery.put({
    userId,
    personId: "self",
    sampleId: `${userId}-1`,
    modality: "face",
    model: models.face,
    embedding: face.descriptor,
    verified: true,
    searched: true,
    source: "live-capture",
    consentVersion: "2026-11-biometric-v1",
    enrolledAt: "2026-11-01T00:00:00.000Z",
  });
};

// Ada's face is protected by her own account and by the account that invited her (as "p-ada").
const protections = async (owner: string) =>
  owner === "ada-account"
    ? [
        { userId: "ada-account", personId: "self", displayName: "Ada Lovelace" },
        { userId: "company-account", personId: "p-ada", displayName: "Ada (CEO)" },
      ]
    : [{ userId: owner, personId: "self", displayName: owner }];

const picture = (file: string) => ({ url: `https://t.me/c/${file}`, contentType: "image/jpeg", bytes: dataFile(file) });

beforeAll(async () => {
  sql = await PgliteSql.open();
  gallery = new Gallery(sql, { now: () => new Date("2026-11-27T09:00:00.000Z"), models, sizeTtlMs: 0 });
  await gallery.ensureSchema();
  await enrol("ada-account", "faces/deepface/img1.jpg");
  await enrol("grace-account", "faces/deepface/img26.jpg");
}, 120_000);
afterAll(() => sql.close());

// Real faces, a real gallery: the crawl must find the account whose person a crawled photo shows,
// and give it an analysis that names nobody else's account.
describe("the crawl's analysis against the gallery of every enrolled person", () => {
  it("gives the matched account its analysis, naming only its own person", { timeout: 300_000 }, async () => {
    const analyser = new GalleryCrawlAnalyser(gallery, protections);
    const { analyses: found } = await analyser.analyse(picture("faces/deepface/img2.jpg"));
    expect(found.map((f) => f.userId)).toEqual(["ada-account", "company-account"]);
    const [ada, company] = found;
    expect(ada?.analysis.face).toMatchObject({ personId: "self", enrolment: "verified" });
    // The protecting account sees her as its own person, and its evidence names her so.
    expect(company?.person).toEqual({ personId: "p-ada", displayName: "Ada (CEO)" });
    expect(company?.analysis.face).toMatchObject({ personId: "p-ada", enrolment: "verified" });
    expect(JSON.stringify(company?.analysis.result)).toContain('"personId":"p-ada"');
    expect(JSON.stringify(company?.analysis.result)).not.toContain("ada-account");
    expect(ada?.analysis.face?.confidence).toBeGreaterThanOrEqual(50);
    const evidence = JSON.stringify(ada?.analysis.result);
    expect(evidence).not.toContain("grace-account");
    expect(evidence).not.toContain("gallery:");
  });

  it("gives nothing for a face nobody enrolled", { timeout: 300_000 }, async () => {
    const analyser = new GalleryCrawlAnalyser(gallery, protections);
    expect((await analyser.analyse(picture("faces/deepface/img12.jpg"))).analyses).toEqual([]);
  });

  it("hands on the PDQ probes of the pixels it decoded, the same a decode of their own gives", {
    timeout: 300_000,
  }, async () => {
    const analyser = new GalleryCrawlAnalyser(gallery, protections);
    const crawled = picture("faces/deepface/img12.jpg");
    const { pdqProbes } = await analyser.analyse(crawled);
    expect(pdqProbes).toHaveLength(1);
    expect(pdqProbes).toEqual(await pdqProbesOf(crawled.bytes));
  });

  it("reaches every account a face is enrolled in, not only the nearest", { timeout: 300_000 }, async () => {
    await enrol("ada-second-account", "faces/deepface/img5.jpg");
    try {
      const { analyses: found } = await new GalleryCrawlAnalyser(gallery, protections).analyse(
        picture("faces/deepface/img2.jpg"),
      );
      expect(found.map((f) => f.userId).sort()).toEqual(["ada-account", "ada-second-account", "company-account"]);
      const second = found.find((f) => f.userId === "ada-second-account");
      expect(second?.analysis.face).toMatchObject({ personId: "self", enrolment: "verified" });
      expect(JSON.stringify(second?.analysis.result)).not.toContain("ada-account");
    } finally {
      await gallery.removeUser("ada-second-account");
    }
  });
});
