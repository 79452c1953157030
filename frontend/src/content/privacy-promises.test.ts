import { describe, expect, it } from "vitest";
import { PRIVACY_POLICY, RETENTION } from "./legal";
import { FAQ, PRIVACY_STATEMENT } from "./marketing";

/**
 * The site's privacy promises and the policy say the same about where embeddings are kept: the sealed
 * copies and the matching gallery's plain search copies (issue 36 item 3). "Only encrypted embeddings
 * are kept for matching" was on the landing page, footer, features and pricing while the gallery
 * held plain vectors in Aurora.
 */
const faqAnswer = FAQ.find((item) => /face and voice samples/.test(item.q))?.a ?? "";
const policyText = PRIVACY_POLICY.flatMap((s) => s.paragraphs).join(" ");

describe("privacy promises about embeddings", () => {
  it.each([
    ["the site's statement", PRIVACY_STATEMENT],
    ["the pricing FAQ", faqAnswer],
  ])("%s names the matching gallery and never claims only encrypted embeddings", (_where, text) => {
    expect(text).toMatch(/matching gallery/);
    expect(text).toMatch(/same schedule/);
    expect(text).not.toMatch(/only encrypted embeddings/i);
  });

  it("the policy's schedule has a row for the gallery, and its zero-knowledge paragraph admits the search copy", () => {
    expect(RETENTION.some((row) => row.biometricStores?.includes("AWS::RDS::DBCluster"))).toBe(true);
    expect(policyText).not.toMatch(/we store only the sealed embeddings\./);
    expect(policyText).toMatch(/search copy in the matching gallery/);
  });
});
