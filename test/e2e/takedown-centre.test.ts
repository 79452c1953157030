/**
 * The takedown centre in Chromium against the whole local stack (issue 17): a scan over the
 * platform simulator finds the enrolled persona, a notice is sent for one of the matches (the
 * requests the notice dialog makes, from the signed-in browser; a web-form channel is then marked
 * filed, as "I have filed it" does), the takedown centre shows it with its timeline; the scheduled re-check job (fired by the local scheduler, its clock moved on an
 * hour) finds the content still up, the simulator takes the item down as the platform would, and
 * the next re-check's "removed" reaches the timeline on screen.
 */
import path from "node:path";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { DynamoNoticeRepository } from "@lg/domain/takedowns/adapters/dynamo-takedowns";
import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { enrolPersona, loadScenario, scanClients, startScan, waitForScan } from "../support/scan-run.js";
import { repoRoot, screenshot, seriousViolations, signUpByEmail } from "./support/browser.js";
import { useBrowserStack } from "./support/browser-stack.js";

const mediaDir = process.env.LG_DATA_DIR ?? path.resolve(repoRoot, "../shared/data");
const PASSWORD = "Correct-horse-9";
const HOUR = 3_600_000;

const e2e = useBrowserStack("takedown-centre", {
  mediaDir,
  simulator: { totalItems: 10, plantedItems: 6 },
  schedulerClock: () => Date.now() + clockOffset,
  schedulerPollMs: 0,
});
let page: Page;
let userId = "";
let noticeId = "";
let contentUrl = "";
/** "sent" (mailed, accepted) or "filing_needed" (a web form the person files). */
let delivery = "";
/** The local scheduler's clock runs ahead of the wall clock by this much: "an hour passes". */
let clockOffset = 0;

beforeAll(async () => {
  page = await e2e.newPage();
});

afterEach(async (context) => {
  if (context.task.result?.state === "fail" && page) {
    await screenshot(page, `takedown-centre-failed-${context.task.name.slice(0, 40).replace(/\W+/g, "-")}`);
  }
});

/** An hour passes for the notice and for the scheduler, which then fires the hourly re-check job. */
async function anHourPasses() {
  const doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: "us-east-1",
      endpoint: e2e.stack.env.AWS_ENDPOINT_URL_DYNAMODB,
      credentials: { accessKeyId: "local", secretAccessKey: "local" },
    }),
  );
  const notices = new DynamoNoticeRepository(doc, e2e.stack.env.TABLE_NAME ?? "");
  const notice = await notices.get(userId, noticeId);
  if (notice?.nextCheckAt) await notices.put({ ...notice, nextCheckAt: new Date(Date.now() - 1000).toISOString() });
  doc.destroy();
  clockOffset += HOUR + 60_000;
  expect(await e2e.stack.scheduler.tick()).toContain("likenessguard-trackTakedowns");
}

const timelineEvents = () => page.getByRole("list", { name: "Status timeline" }).getByRole("listitem");

describe("takedown centre", () => {
  it("signs up, is enrolled, and a scan finds the persona", async () => {
    const email = `centre-${Date.now()}@example.com`;
    await signUpByEmail(page, e2e.stack.url, email, PASSWORD);
    userId = ((await (await page.request.get(`${e2e.stack.url}/api/auth/user`)).json()) as { userId: string }).userId;
    const scenario = await loadScenario(e2e.stack.env);
    await enrolPersona({ env: e2e.stack.env, mediaDir }, userId, scenario);
    const { accounts, threats } = scanClients(e2e.stack.env);
    const profile = await accounts.getProfile(userId);
    if (!profile) throw new Error("The enrolment wrote no profile");
    // A notice needs the person's contact details; US, so no DSA basis applies.
    await accounts.putProfile({ ...profile, email, country: "US", address: "1 Main St", city: "Springfield" });
    const run = await waitForScan(e2e.stack.env, await startScan(e2e.stack.env, userId, `scan-${Date.now()}`));
    expect(run.status).toBe("SUCCEEDED");
    expect((await threats.list(userId)).length).toBeGreaterThan(0);
  });

  it("sends a notice for a match and shows it in the takedown centre with its timeline", async () => {
    const { threats } = scanClients(e2e.stack.env);
    // Discord messages open only for signed-in members, so a re-fetch there can never decide (it stays
    // "not decided", as it should); the journey follows a match on a public page.
    const candidates = (await threats.list(userId)).filter(
      (t) => t.threatType !== "impersonation" && t.platform !== "discord" && t.platform !== "messaging",
    );
    for (const threat of candidates) {
      const draft = (await (
        await page.request.post(`${e2e.stack.url}/api/dmca`, { data: { threatId: threat.id } })
      ).json()) as {
        route: string;
        requiresConfirmation: string[];
      };
      if (draft.route === "none") continue;
      const sent = await page.request.post(`${e2e.stack.url}/api/dmca/send`, {
        data: { threatId: threat.id, confirmations: draft.requiresConfirmation },
      });
      expect(sent.status()).toBe(200);
      const outcome = (await sent.json()) as { state: string; noticeId: string };
      noticeId = outcome.noticeId;
      contentUrl = threat.url;
      delivery = outcome.state;
      break;
    }
    expect(noticeId, "a match on a platform with a reporting channel").not.toBe("");
    expect(["sent", "filing_needed"]).toContain(delivery);
    const expected =
      delivery === "sent"
        ? [/^Drafted.*LikenessGuard/, /^Sent.*Mail provider accepted it/]
        : [/^Drafted.*LikenessGuard/, /^Filing needed.*LikenessGuard/];

    await page.goto(`${e2e.stack.url}/dashboard`);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Takedowns" }).click();
    await page.getByRole("heading", { name: "Takedown centre" }).waitFor();
    const row = page.getByRole("list", { name: "Takedown notices" }).getByRole("listitem").first();
    expect(await row.textContent()).toContain(delivery === "sent" ? "Sent" : "Filing needed");
    await row.getByRole("link").click();
    await page.waitForURL(new RegExp(`/takedowns/${noticeId}$`));
    await timelineEvents().nth(1).waitFor();
    const shown = await timelineEvents().allTextContents();
    expect(shown).toHaveLength(2);
    for (const [i, text] of shown.entries()) expect(text).toMatch(expected[i] as RegExp);
    expect(await page.getByRole("textbox", { name: /^Notice text/ }).inputValue()).toContain(contentUrl);
    await screenshot(page, "takedown-centre-01-delivered");

    if (delivery === "filing_needed") {
      // A web form: nothing left until the person files it and says so (the threat dialog's "I have filed it").
      expect(await page.getByText("Nothing has been sent yet").count()).toBe(1);
      const filed = await page.request.post(`${e2e.stack.url}/api/dmca/filed`, { data: { noticeId } });
      expect(filed.status()).toBe(200);
      await page.reload();
      await timelineEvents()
        .filter({ hasText: /^Filed.*Reported by you/ })
        .first()
        .waitFor();
    }
    expect(await page.getByText("Next re-check", { exact: true }).locator("xpath=..").textContent()).not.toContain(
      "None",
    );
  });

  it("re-checks on schedule, and records 'removed' once the simulator took the item down", async () => {
    await anHourPasses();
    await page.reload();
    await timelineEvents().filter({ hasText: "Content re-checked: still up" }).first().waitFor({ timeout: 60_000 });
    expect(await page.getByText("Next re-check", { exact: true }).locator("xpath=..").textContent()).not.toContain(
      "None",
    );
    await screenshot(page, "takedown-centre-02-still-up");

    const scenarioOrigin = new URL(
      Object.values(JSON.parse(e2e.stack.env.CONNECTOR_BASE_URLS ?? "{}") as Record<string, string>)[0] ?? "",
    ).origin;
    const takenDown = await fetch(`${scenarioOrigin}/__takedown`, {
      method: "POST",
      body: JSON.stringify({ url: contentUrl }),
    });
    expect(takenDown.status).toBe(200);

    await anHourPasses();
    await page.reload();
    await timelineEvents()
      .filter({ hasText: /^Removed/ })
      .first()
      .waitFor({ timeout: 60_000 });
    const texts = await timelineEvents().allTextContents();
    expect(texts.at(-2)).toMatch(/^Content re-checked: gone.*Re-fetch of the content/);
    expect(texts.at(-1)).toMatch(/^Removed/);
    expect(await page.getByText("None: re-checks have stopped").count()).toBe(1);
    await screenshot(page, "takedown-centre-03-removed");
    expect(await seriousViolations(page)).toEqual([]);
  });
});
