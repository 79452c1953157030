import {
  assertNoticeAllowed,
  composeNotice,
  defaultRecipientDirectory,
  MissingConfirmationsError,
  NoRecipientError,
  NoticeError,
  planDelivery,
  renderNoticeEmail,
  ThreatClosedError,
  ThreatNotFoundError,
} from "@lg/notices";
import { describe, expect, it } from "vitest";
import { threatClassification } from "../../support/threat-classification.js";
import { noticeInput, threat } from "./fixtures.js";

const directory = defaultRecipientDirectory();

describe("assertNoticeAllowed", () => {
  it("accepts the requester's own active threat and one already requested", () => {
    expect(() => assertNoticeAllowed(threat(), "user-1", "t")).not.toThrow();
    expect(() => assertNoticeAllowed(threat({ status: "takedown_requested" }), "user-1", "t")).not.toThrow();
  });

  it("answers 404 for an unknown threat and, without revealing it, for someone else's", () => {
    expect(() => assertNoticeAllowed(undefined, "user-1", "t")).toThrow(ThreatNotFoundError);
    try {
      assertNoticeAllowed(threat(), "user-2", "t");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(NoticeError);
      expect((error as NoticeError).httpStatus).toBe(404);
    }
  });

  it("answers 409 for a threat already removed, dismissed or a false positive", () => {
    for (const status of ["removed", "dismissed", "false_positive"] as const) {
      expect(() => assertNoticeAllowed(threat({ status }), "user-1", "t")).toThrow(ThreatClosedError);
    }
  });
});

describe("planDelivery", () => {
  it("emails a DMCA notice to the agent, with replies going to the person", () => {
    const input = noticeInput({ threat: threat({ platform: "reddit" }) });
    const delivery = planDelivery(composeNotice(input, directory), input);
    expect(delivery.kind).toBe("email");
    if (delivery.kind !== "email") return;
    expect(delivery.message).toMatchObject({
      to: "copyright@reddit.com",
      replyTo: "ada.moreno@example.com",
      route: "dmca",
    });
    expect(delivery.message.text).toContain("under penalty of perjury");
    expect(delivery.recipientNeedsVerification).toBe(false);
  });

  it("hands a web-form notice back for the person to submit", () => {
    const input = noticeInput();
    const delivery = planDelivery(composeNotice(input, directory), input);
    expect(delivery).toMatchObject({ kind: "web_form", url: "https://www.youtube.com/copyright_complaint_form" });
  });

  it("refuses to send until the person confirms what only they can state", () => {
    const input = noticeInput({ confirmations: { goodFaith: true, accurate: true } });
    const notice = composeNotice(input, directory);
    expect(notice.missingConfirmations).toEqual(["ownsWork"]);
    expect(() => planDelivery(notice, input)).toThrow(MissingConfirmationsError);

    const intimate = noticeInput({
      threat: threat({
        detection: { intimate: true },
        classification: threatClassification("intimate_imagery", { confidence: 93, alsoSynthetic: true }),
      }),
      confirmations: { goodFaith: true, accurate: true },
    });
    const intimateNotice = composeNotice(intimate, directory);
    expect(intimateNotice.missingConfirmations).toEqual(["noConsent"]);
    expect(() => planDelivery(intimateNotice, intimate)).toThrow(MissingConfirmationsError);
  });

  it("sends a platform report on the standing statement of automatic takedown, but never a copyright claim", () => {
    const report = noticeInput({
      confirmations: {},
      automatic: true,
      copyrightClaim: undefined,
      threat: threat({ platform: "telegram" }),
    });
    const notice = composeNotice(report, directory);
    expect(notice.route).toBe("platform_report");
    expect(notice.missingConfirmations).toEqual([]);
    expect(planDelivery(notice, report).kind).toBe("email");

    const claim = noticeInput({ confirmations: {}, automatic: true, threat: threat({ platform: "reddit" }) });
    const dmca = composeNotice(claim, directory);
    expect(dmca.route).toBe("dmca");
    expect(dmca.missingConfirmations).toEqual(["ownsWork"]);
    expect(() => planDelivery(dmca, claim)).toThrow(MissingConfirmationsError);
  });

  it("refuses where there is nobody to send to", () => {
    const input = noticeInput({ threat: threat({ platform: "darkweb" }) });
    expect(() => planDelivery(composeNotice(input, directory), input)).toThrow(NoRecipientError);
  });
});

describe("renderNoticeEmail", () => {
  it("has a plain-text part and an escaped HTML part with the same words", () => {
    const found = { title: '<script>alert("x")</script>', url: threat().url };
    const input = noticeInput({
      threat: threat({
        classification: threatClassification("deepfake", { confidence: 93, found }),
      }),
    });
    const email = renderNoticeEmail(composeNotice(input, directory));
    expect(email.subject).toContain("17 U.S.C. 512(c)(3)");
    expect(email.text).toContain("under penalty of perjury");
    expect(email.html).toContain("under penalty of perjury");
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("&lt;script&gt;");
  });
});
