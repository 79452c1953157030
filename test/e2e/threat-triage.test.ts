/**
 * Threat triage in Chromium against the local stack (issue 17): thirty threats of one account,
 * some posted by one account, one of them intimate imagery with a real censored preview, are
 * paged ("Load more"), filtered, searched, grouped by account and expanded; two are bulk-marked
 * false positive and the Undo puts them back; a threat's details show its history and only the
 * actions its status allows. No serious axe violation on any of these screens.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { S3Client } from "@aws-sdk/client-s3";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { DynamoThreatRepository } from "@lg/domain/scanning/adapters/dynamo-threats";
import { S3EvidenceStore } from "@lg/domain/scanning/adapters/s3-evidence";
import { writeEvidencePackage } from "@lg/domain/scanning/evidence";
import { Threat } from "@lg/domain/table/entities";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type LocalStack, startLocalStack } from "../../local/src/stack.js";
import {
  distDir,
  ensureWebBuilt,
  launchChromium,
  narrowScreenshot,
  screenshot,
  seriousViolations,
  signUpByEmail,
} from "./support/browser.js";

const PASSWORD = "Correct-horse-9";

let stack: LocalStack;
let browser: Browser;
let page: Page;
let dataDir: string;

beforeAll(async () => {
  ensureWebBuilt();
  dataDir = mkdtempSync(path.join(tmpdir(), "lg-e2e-threat-triage-"));
  stack = await startLocalStack({ dataDir, port: 0, distDir, taskWorkers: 0 });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
});

afterEach(async (context) => {
  if (context.task.result?.state === "fail" && page) {
    await screenshot(page, `threat-triage-failed-${context.task.name.slice(0, 40).replace(/\W+/g, "-")}`);
  }
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const classification = (type: string, confidence: number) => ({
  type,
  severity: type === "intimate_imagery" ? "critical" : "medium",
  reason: "Planted for the triage test",
  likeness: { modality: "face", confidence },
  synthetic: { status: "no-evidence", score: null, detectors: [], declared: false },
  derivedFrom: "scan",
});

/** Thirty threats as a scan records them; the three newest are the poster "clip_farm" on Reddit. */
async function plantThreats(userId: string) {
  const clients = { region: "us-east-1", credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } };
  const doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({ ...clients, endpoint: stack.env.AWS_ENDPOINT_URL_DYNAMODB }),
  );
  const threats = new DynamoThreatRepository(doc, stack.env.TABLE_NAME ?? "");
  const evidence = new S3EvidenceStore(
    new S3Client({ ...clients, endpoint: stack.env.AWS_ENDPOINT_URL_S3, forcePathStyle: true }),
    stack.env.EVIDENCE_BUCKET ?? "",
  );
  const start = Date.now() - 60 * 60_000;
  for (let i = 0; i < 30; i++) {
    const at = new Date(start + i * 60_000).toISOString();
    const id = `thr_${String(i).padStart(2, "0")}`;
    const intimate = i === 29;
    const picture = await sharp({
      create: { width: 96, height: 96, channels: 3, background: { r: 40 + i * 6, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    const pkg = await writeEvidencePackage(evidence, {
      userId,
      media: { bytes: new Uint8Array(picture), contentType: "image/jpeg", url: `https://i.example/${id}.jpg` },
      page: { url: `https://www.reddit.com/r/pics/comments/${id}/`, platform: "reddit" },
      detection: { faces: [] },
      capturedAt: at,
    });
    const type = intimate ? "intimate_imagery" : "likeness_misuse";
    await threats.createIfAbsent(
      Threat.schema.parse({
        userId,
        id,
        personId: "self",
        threatType: type,
        confidence: 60 + i,
        platform: i % 2 === 0 ? "reddit" : "youtube",
        contentType: "image/jpeg",
        url: `https://www.reddit.com/r/pics/comments/${id}/`,
        title: intimate ? "Intimate picture of you" : `Your photo reposted ${id}`,
        status: "active",
        mediaSha256: pkg.manifest.mediaSha256,
        evidenceData: { hash: pkg.hash, manifestKey: pkg.manifestKey, capturedAt: at },
        classification: classification(type, 60 + i),
        ...(i >= 26 && i <= 28 ? { account: "clip_farm", platform: "reddit" } : {}),
        // Platforms hand out long unbroken handles: they must wrap, not widen the page.
        ...(i === 25 ? { account: "UCuser10150000000000000000000000" } : {}),
        createdAt: at,
        updatedAt: at,
      }),
    );
  }
  doc.destroy();
}

const rows = () => page.locator("ul[aria-label='Threats'] > .threat-row");
const row = (title: string) => rows().filter({ has: page.getByRole("heading", { name: title, exact: true }) });

describe("threat triage in the browser", () => {
  it("pages, filters, searches and shows the intimate thumbnail blurred", async () => {
    await signUpByEmail(page, stack.url, `triage-${Date.now()}@example.com`, PASSWORD);
    const user = (await (await page.request.get(`${stack.url}/api/auth/user`)).json()) as { userId: string };
    await plantThreats(user.userId);

    await page.goto(`${stack.url}/dashboard`);
    await page.getByRole("heading", { name: "Protection Dashboard" }).waitFor();
    await rows().first().waitFor();
    expect(await rows().count()).toBe(25);
    await page.getByText("Showing 25 of 30 threats").waitFor();
    const intimate = page.getByRole("img", { name: "Intimate content, blurred" });
    await expect
      .poll(() => intimate.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    expect(
      await intimate.evaluate(
        (img) =>
          (globalThis as unknown as { getComputedStyle: (e: unknown) => { filter: string } }).getComputedStyle(img)
            .filter,
      ),
    ).toContain("blur");
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "triage-01-list");
    expect(await narrowScreenshot(page, "triage-01-list")).toBe(0);

    await page.getByRole("button", { name: "Load more" }).click();
    await page.getByText("Showing 30 of 30 threats").waitFor();
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);

    await page.getByLabel("Type", { exact: true }).selectOption("intimate_imagery");
    await expect.poll(() => rows().count()).toBe(1);
    await page.getByRole("heading", { name: "Intimate picture of you" }).waitFor();
    await page.getByLabel("Type", { exact: true }).selectOption("");
    await page.getByLabel("Search title, address or account", { exact: true }).fill("clip_farm");
    await expect.poll(() => rows().count()).toBe(3);
    // Back to the unfiltered list: the pages already loaded are shown again, not fetched anew.
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect.poll(() => rows().count()).toBe(30);
  });

  it("bulk-marks two threats false positive and undoes it", async () => {
    await row("Your photo reposted thr_25").getByRole("checkbox").check();
    await row("Your photo reposted thr_24").getByRole("checkbox").check();
    await page.getByText("2 selected").waitFor();
    await page.getByRole("button", { name: "Mark false positive" }).click();
    await page.getByText("Marked 2 threats as false positive.").waitFor();
    await expect.poll(() => row("Your photo reposted thr_25").textContent()).toContain("False positive");
    expect(
      await row("Your photo reposted thr_25")
        .getByRole("button", { name: /Take Down/ })
        .count(),
    ).toBe(0);
    await screenshot(page, "triage-02-undo-offered");
    await page.getByRole("button", { name: "Undo", exact: true }).click();
    await expect.poll(() => row("Your photo reposted thr_25").textContent()).not.toContain("False positive");
    await row("Your photo reposted thr_25")
      .getByRole("button", { name: /Take Down/ })
      .waitFor();

    await row("Your photo reposted thr_25")
      .getByRole("button", { name: /View Details/ })
      .click();
    const details = page.getByRole("dialog", { name: /^Threat details:/ });
    await details.getByRole("heading", { name: "History" }).waitFor();
    await details.getByText(/Marked as false positive/).waitFor();
    await details.getByText(/Undone/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "triage-03-details-history");
    await details.getByRole("button", { name: "Close" }).first().click();
  });

  it("groups the same poster's threats into one row with a count, expandable", async () => {
    await page.getByLabel("Group", { exact: true }).selectOption("account");
    const group = page.locator(".threat-group", { has: page.getByRole("heading", { name: /clip_farm/ }) });
    await group.waitFor();
    await group.getByText("3 threats", { exact: true }).waitFor();
    await group.getByRole("button", { name: "Show 3 threats" }).click();
    await expect.poll(() => group.locator(".threat-group-members > .threat-row").count()).toBe(3);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "triage-04-grouped");
  });
});
