/**
 * Threat types and notices from evidence, in Chromium against the whole local stack (issue 14).
 * The platform simulator posts the persona's genuine photos and recordings, look-alike accounts
 * with their face, and a provenance-declared AI picture (generator metadata) from ../shared/data.
 * The person is enrolled with the persona's face and voice and, as a second face sample, the face
 * in that AI picture, so a scan finds all three kinds: a genuine re-upload ("used without
 * consent", never "deepfake"), an impersonation, and a synthetic match ("deepfake"). Each shows
 * its type, title and a notice whose statements match the evidence; a web-form platform ends in
 * "Filing needed", not "Sent".
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { faceDescriptors } from "@lg/detection";
import { sealEmbedding } from "@lg/domain/biometrics/embedding-cipher";
import { SELF_PERSON_ID } from "@lg/domain/records";
import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { enrolPersona, loadScenario, scanClients } from "../support/scan-run.js";
import { repoRoot, screenshot, signUpByEmail } from "./support/browser.js";
import { useBrowserStack } from "./support/browser-stack.js";
import { threatRowsWithoutPicture } from "./support/threat-pictures.js";

const mediaDir = process.env.LG_DATA_DIR ?? path.resolve(repoRoot, "../shared/data");
/** Labelled synthetic (declared by its generator metadata) and showing one face. */
const AI_PICTURE = "provenance/comfyui-examples/flux/girl_in_field.png";
const PASSWORD = "Correct-horse-9";

const e2e = useBrowserStack("threat-types", {
  mediaDir,
  // Every planted roll (genuine face, impersonation, genuine and cloned voice) and the AI picture.
  simulator: { totalItems: 14, plantedItems: 10, syntheticFaces: [AI_PICTURE] },
});
let page: Page;
let displayName = "";

interface ApiThreat {
  id: string;
  threatType: string;
  title: string;
  platform: string;
  /** The list's synthetic-media verdict (docs/threats-api.md). */
  synthetic: string;
}

beforeAll(async () => {
  page = await e2e.newPage();
});

afterEach(async (context) => {
  if (!page) return;
  if (context.task.result?.state === "fail") {
    await screenshot(page, `threat-types-failed-${context.task.name.slice(0, 40).replace(/\W+/g, "-")}`);
  }
  // A failed check leaves its dialog open: closed here, the next step (or the retry) starts on the list.
  await closeDialogs();
});

/** Closes every open dialog with Escape, as a person would, and waits until none is left. */
async function closeDialogs() {
  const dialogs = page.getByRole("dialog");
  for (let tries = 0; tries < 3 && (await dialogs.count()) > 0; tries++) {
    await page.keyboard.press("Escape");
    await dialogs
      .first()
      .waitFor({ state: "detached", timeout: 5_000 })
      .catch(() => undefined);
  }
}

/** The enrolment a three-pose capture would leave, written as scans read it, plus the AI picture's face. */
async function enrol(email: string) {
  const { accounts, keys } = scanClients(e2e.stack.env);
  const doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: "us-east-1",
      endpoint: e2e.stack.env.AWS_ENDPOINT_URL_DYNAMODB,
      credentials: { accessKeyId: "local", secretAccessKey: "local" },
    }),
  );
  const found = await doc.send(
    new ScanCommand({
      TableName: e2e.stack.env.TABLE_NAME,
      FilterExpression: "sk = :sk AND email = :email",
      ExpressionAttributeValues: { ":sk": "PROFILE", ":email": email },
    }),
  );
  const userId = found.Items?.[0]?.userId as string | undefined;
  doc.destroy();
  if (!userId) throw new Error(`No profile for ${email}`);
  const scenario = await loadScenario(e2e.stack.env);
  displayName = scenario.persona.displayName;
  await enrolPersona({ env: e2e.stack.env, mediaDir }, userId, scenario);
  const profile = await accounts.getProfile(userId);
  if (!profile) throw new Error("The enrolment wrote no profile");
  // A notice needs the person's contact details; US, so no DSA basis applies.
  await accounts.putProfile({ ...profile, email, country: "US", address: "1 Main St", city: "Springfield" });
  const [face] = await faceDescriptors(new Uint8Array(readFileSync(path.join(mediaDir, AI_PICTURE))));
  if (!face) throw new Error("No face in the AI picture");
  await accounts.putSample({
    userId,
    personId: SELF_PERSON_ID,
    modality: "face",
    sampleId: "face-ai-seed",
    source: "upload",
    verified: true,
    ...(await sealEmbedding(keys, userId, "face", face.descriptor)),
    embeddingModel: face.embeddingModel,
    quality: {},
    createdAt: new Date().toISOString(),
  });
}

const rows = () => page.locator(".threat-row");
const row = (title: string | RegExp) =>
  rows()
    .filter({ has: page.getByRole("heading", { name: title }) })
    .first();

async function noticeFor(title: string | RegExp) {
  await row(title).getByRole("button", { name: "Take Down" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Notice text").waitFor({ timeout: 60_000 });
  return { dialog, text: await dialog.getByLabel("Notice text").inputValue() };
}

describe("threat types and notices from evidence", () => {
  it("signs up, is enrolled, and a forced scan finds the persona", async () => {
    const email = `types-${Date.now()}@example.com`;
    await signUpByEmail(page, e2e.stack.url, email, PASSWORD);
    await enrol(email);
    await page.goto(`${e2e.stack.url}/dashboard`);
    await page.getByRole("heading", { name: "Protection Dashboard" }).waitFor();
    await page.getByRole("button", { name: "Force Scan" }).click();
    const done = page.getByText(/^(Scan complete|Scan failed)$/).first();
    await done.waitFor({ timeout: 300_000 });
    expect(await done.textContent()).toBe("Scan complete");
    await rows().first().waitFor();
    // Every row shows a decoded, not-black picture or says why it has none (issue 27 item 5).
    expect(await threatRowsWithoutPicture(page)).toEqual([]);
    await screenshot(page, "threat-types-01-dashboard");
  });

  it("types each threat by its evidence: a genuine re-upload is never a deepfake", async () => {
    const { items: threats } = (await (await page.request.get(`${e2e.stack.url}/api/threats?limit=100`)).json()) as {
      items: ApiThreat[];
    };
    const types = new Set(threats.map((t) => t.threatType));
    expect(types).toContain("likeness_misuse");
    expect(types).toContain("impersonation");
    expect(types).toContain("deepfake");
    for (const t of threats) {
      if (t.threatType === "deepfake" || t.threatType === "voice_clone") expect(t.synthetic, t.title).toBe("synthetic");
      if (t.threatType === "likeness_misuse") expect(t.synthetic).not.toBe("synthetic");
    }
    const genuine = row(`${displayName}'s face used without consent`);
    await genuine.waitFor();
    expect(await genuine.textContent()).toContain("Likeness used without consent");
    expect(await genuine.textContent()).not.toContain("Deepfake");
    const impersonation = row(new RegExp(`^Profile @\\S+ impersonating ${displayName}$`));
    expect(await impersonation.textContent()).toContain("Impersonation");
    const synthetic = row(`Synthetic media showing ${displayName}'s face`);
    expect(await synthetic.textContent()).toContain("Deepfake");
  });

  it("writes each notice from the evidence: no copyright claim or 'fake' for the re-upload", async () => {
    const genuine = await noticeFor(`${displayName}'s face used without consent`);
    // A re-upload below the "synthetic" level: no evidence, or a "possibly" reading the notice never states.
    expect(genuine.text).toMatch(
      /No synthetic-media evidence was found; this notice does not claim it is fake\.|This notice makes no claim about how the material was made\./,
    );
    expect(genuine.text).not.toContain("17 U.S.C.");
    expect(genuine.text).not.toContain("used without consent\n"); // the alert title is never quoted
    await screenshot(page, "threat-types-02-genuine-notice");
    await genuine.dialog.getByRole("button", { name: "Cancel" }).click();

    const impersonation = await noticeFor(new RegExp(`^Profile @\\S+ impersonating ${displayName}$`));
    expect(impersonation.text).toMatch(/An account @\S+ presents itself under a name like/);
    await impersonation.dialog.getByRole("button", { name: "Cancel" }).click();

    const synthetic = await noticeFor(`Synthetic media showing ${displayName}'s face`);
    expect(synthetic.text).toContain("The file itself declares that it was generated or altered by AI");
    expect(synthetic.text).toContain("Title as published:");
    expect(await synthetic.dialog.getByRole("region", { name: "Legal basis" }).textContent()).toContain(
      "No copyright claim",
    );
    await screenshot(page, "threat-types-03-synthetic-notice");
    await synthetic.dialog.getByRole("button", { name: "Cancel" }).click();
  });

  it("ends a web-form platform in 'Filing needed', never 'Sent'", async () => {
    // The AI picture is on Reddit, whose privacy and impersonation reports are a web form.
    const { dialog } = await noticeFor(`Synthetic media showing ${displayName}'s face`);
    const prepare = dialog.getByRole("button", { name: "Prepare Filing" });
    expect(await prepare.isDisabled()).toBe(true);
    for (const box of await dialog.getByRole("checkbox").all()) await box.check();
    await prepare.click();
    const filing = page.getByRole("dialog", { name: "File this notice on the platform's form" });
    await filing.waitFor();
    expect(await filing.getByRole("link", { name: "Open the form" }).getAttribute("href")).toBe(
      "https://www.reddit.com/report",
    );
    expect(await filing.getByLabel("URL of the content").inputValue()).toMatch(/^https?:\/\//);
    expect(await page.getByText(/^Sent to /).count()).toBe(0);
    await screenshot(page, "threat-types-04-filing");
    await filing.getByRole("button", { name: "Not yet" }).click();
    const synthetic = row(`Synthetic media showing ${displayName}'s face`);
    await synthetic.getByText("Filing needed").waitFor();
    expect(await synthetic.textContent()).not.toMatch(/Notice sent/);
    await screenshot(page, "threat-types-05-filing-needed");
  });
});
