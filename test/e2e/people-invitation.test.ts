/**
 * Issue 18's invitation in Chromium against the whole local stack: an account holder invites a
 * person from the People page; the person opens the link from the outbox, creates their own
 * account, comes back to accept, and gives their own consent; the holder sees them consented; the
 * person withdraws and the holder sees that too. Every message is read off the outbox as an inbox.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { latestCode, screenshot, signUpByEmail } from "./support/browser.js";
import { useBrowserStack } from "./support/browser-stack.js";

const PASSWORD = "Correct-horse-9";

const e2e = useBrowserStack("people");

async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  return { context, page: await context.newPage() };
}

/** The invitation link in the newest message to `to`, read off the outbox page. */
async function invitationLinkFromOutbox(context: BrowserContext, to: string): Promise<string> {
  const outbox = await context.newPage();
  try {
    await outbox.goto(`${e2e.stack.url}/outbox`);
    const message = outbox.locator("article.msg", { hasText: to }).filter({ hasText: "/invite/" });
    await expect.poll(() => message.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const text = (await message.first().textContent()) ?? "";
    const link = /(https?:\/\/\S+\/invite\/[A-Za-z0-9._~-]+)/.exec(text)?.[1];
    if (!link) throw new Error(`no invitation link for ${to} on the outbox page`);
    return link;
  } finally {
    await outbox.close();
  }
}

const personRow = (page: Page, name: string) =>
  page.getByRole("list", { name: "Protected people" }).getByRole("listitem").filter({ hasText: name });

describe("inviting a person to protect, in a browser", () => {
  it("invites, the person signs up from the link, accepts and consents in their own name, then withdraws", async () => {
    const stamp = Date.now();
    const holderEmail = `holder-${stamp}@example.com`;
    const memberEmail = `exec-${stamp}@example.com`;
    const holder = await freshPage();
    await signUpByEmail(holder.page, e2e.stack.url, holderEmail, PASSWORD);

    await holder.page.goto(`${e2e.stack.url}/people`);
    await holder.page.getByRole("heading", { name: "Protected People" }).waitFor();
    await holder.page.getByLabel("Their name").fill("Carol Chief");
    await holder.page.getByLabel("Their email address").fill(memberEmail);
    await holder.page.getByRole("button", { name: "Send Invitation" }).click();
    await personRow(holder.page, "Carol Chief").getByText("Invited", { exact: true }).waitFor();
    await screenshot(holder.page, "people-invited");

    // The person, in their own browser, opens the link from their inbox.
    const member = await freshPage();
    const link = await invitationLinkFromOutbox(member.context, memberEmail);
    expect(new URL(link).origin).toBe(new URL(e2e.stack.url).origin);
    await member.page.goto(link);
    await member.page.getByRole("heading", { name: /invites you, Carol Chief, to LikenessGuard protection/ }).waitFor();
    await screenshot(member.page, "people-invitation");
    await member.page.getByRole("link", { name: "Create an Account" }).click();
    await member.page.getByRole("button", { name: "Sign up with Email" }).click();
    await member.page.getByLabel("Email address", { exact: true }).fill(memberEmail);
    await member.page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await member.page.getByRole("button", { name: "Send Verification Code" }).click();
    await member.page.getByLabel("Verification code", { exact: true }).waitFor();
    await member.page
      .getByLabel("Verification code", { exact: true })
      .fill(await latestCode(e2e.stack.url, memberEmail));
    await member.page.getByRole("button", { name: "Verify" }).click();
    await member.page.waitForURL(/\/invite\//, { timeout: 15_000 });

    await member.page.getByRole("button", { name: "Accept Invitation" }).click();
    await member.page.getByRole("heading", { name: "Your consent to biometric processing" }).waitFor();
    await personRow(holder.page, "Carol Chief").waitFor();
    await holder.page.reload();
    await personRow(holder.page, "Carol Chief").getByText("Accepted, consent pending").waitFor();

    await member.page.getByRole("button", { name: "I Agree" }).click();
    // Enrolling opens the one setup flow at the face step, and comes back to People after the voice.
    expect(await member.page.getByRole("link", { name: "Enrol Your Face and Voice" }).getAttribute("href")).toBe(
      "/onboarding?step=face&from=%2Fpeople",
    );
    await screenshot(member.page, "people-consented");
    await holder.page.reload();
    await personRow(holder.page, "Carol Chief").getByText("Consented, not enrolled").waitFor();

    // The same link again: used, and said so.
    const reuse = await freshPage();
    await reuse.page.goto(link);
    await reuse.page.getByRole("alert").getByText("This invitation has already been used").waitFor();

    await member.page.getByRole("link", { name: "See Your Protection" }).click();
    const mine = member.page.getByRole("region", { name: "Accounts protecting you" });
    await mine.getByRole("button", { name: "Withdraw and Delete My Biometric Data" }).click();
    // Deleting biometric data needs fresh proof: the current password, in the dialog.
    await member.page.getByLabel("Current password").fill(PASSWORD);
    await member.page.getByRole("button", { name: "Withdraw", exact: true }).click();
    await mine.getByText("Withdrawn", { exact: true }).waitFor();
    await holder.page.reload();
    await personRow(holder.page, "Carol Chief").getByText("Withdrawn", { exact: true }).waitFor();
    await screenshot(holder.page, "people-withdrawn");
  });
});
