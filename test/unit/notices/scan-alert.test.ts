import {
  groupBySensitivity,
  planScanAlert,
  renderDigestEmail,
  renderScanAlertEmail,
  renderScanAlertPush,
} from "@lg/notices";
import { describe, expect, it } from "vitest";
import { threat } from "./fixtures.js";

const APP = "https://app.likenessguard.example";
const at = (id: string, confidence: number) =>
  threat({ id, confidence, threatType: "impersonation", detection: {}, platform: "youtube" });
const found = [at("t95", 95), at("t91", 91), at("t80", 80), at("t72", 72), at("t55", 55)];

describe("grouping a scan's new threats by sensitivity", () => {
  it("alerts at or above the person's threshold and lists the rest down to 50% as low confidence", () => {
    const ids = (list: { id: string }[]) => list.map((t) => t.id);
    for (const [sensitivity, alerting, low] of [
      ["high", ["t95", "t91"], ["t80", "t72", "t55"]],
      ["medium", ["t95", "t91", "t80", "t72"], ["t55"]],
      ["low", ["t95", "t91", "t80", "t72", "t55"], []],
    ] as const) {
      const group = groupBySensitivity(found, { sensitivity });
      expect(ids(group.alerting), sensitivity).toEqual(alerting);
      expect(ids(group.lowConfidence), sensitivity).toEqual(low);
    }
  });

  it("plans one message per channel for the whole scan, and none when nothing reaches the sensitivity", () => {
    expect(planScanAlert(found, { sensitivity: "medium" }).channels).toEqual([
      { channel: "email", when: "now" },
      { channel: "push", when: "now" },
    ]);
    expect(planScanAlert(found, { frequency: "daily" }).channels).toEqual([
      { channel: "email", when: "digest" },
      { channel: "push", when: "digest" },
    ]);
    expect(planScanAlert([at("t80", 80), at("t72", 72)], { sensitivity: "high" }).channels).toEqual([]);
  });
});

describe("the scan's alert message", () => {
  const { alerting, lowConfidence } = groupBySensitivity(found, { sensitivity: "high" });
  const email = renderScanAlertEmail({ alerting, lowConfidence, appUrl: `${APP}/`, platformName: () => "YouTube" });

  it("lists every new threat with a link that opens that threat, low-confidence ones apart", () => {
    expect(email.subject).toBe("LikenessGuard found 2 new threats");
    for (const t of found) {
      const link = `${APP}/dashboard?threat=${t.id}`;
      expect(email.text).toContain(link);
      expect(email.html).toContain(`href="${link}"`);
    }
    const [alertingPart, lowPart] = email.text.split("Low confidence (3)");
    expect(alertingPart).toContain("t95");
    expect(alertingPart).not.toContain("t80");
    expect(lowPart).toContain("likely match");
  });

  it("is branded HTML with a plain-text part carrying the same threats", () => {
    expect(email.html).toMatch(/^<!doctype html>/);
    expect(email.html).toContain(">LikenessGuard</td>");
    expect(email.html).toContain(`href="${APP}/settings"`);
    expect(email.text).not.toContain("<");
    expect(email.text).toContain("Impersonation on YouTube, strong match");
  });

  it("pushes once for the scan, leading to the one threat or to the dashboard", () => {
    expect(renderScanAlertPush({ alerting, lowConfidence, appUrl: APP })).toMatchObject({
      body: "2 new threats found",
      url: `${APP}/dashboard`,
      tag: "scan-alert",
    });
    expect(renderScanAlertPush({ alerting: [at("t95", 95)], lowConfidence: [], appUrl: APP }).url).toBe(
      `${APP}/dashboard?threat=t95`,
    );
  });

  it("uses the same layout for a digest, with its low-confidence threats apart", () => {
    const digest = renderDigestEmail({ frequency: "daily", threats: alerting, lowConfidence, appUrl: APP });
    expect(digest.subject).toBe("Daily LikenessGuard digest: 2 new threats");
    expect(digest.text).toContain("Low confidence (3)");
    expect(digest.html).toContain(`href="${APP}/dashboard?threat=t55"`);
  });
});
