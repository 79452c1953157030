import { NoticeService } from "@lg/domain/takedowns/notice-service";
import { recordThreats, type ThreatCandidate } from "@lg/domain/threats/threat-recorder";
import { defaultRecipientDirectory } from "@lg/notices";
import { describe, expect, it } from "vitest";
import { InMemoryThreatRepository } from "../scanning/fakes.js";
import { InMemoryNotices, InMemoryPeople, RecordingMail, sequentialId, threat, USER } from "./fakes.js";

const X_POST = "https://x.com/someone/status/1860000000000000001";
const TELEGRAM_REPOST = "https://t.me/ada_vip_chat/42";

/** The same deepfake's bytes as a scan finds them: posted on X, reposted by a Telegram channel. */
function found(platform: string, url: string): ThreatCandidate {
  const base = threat();
  return {
    personId: base.personId,
    threatType: "deepfake",
    confidence: 93,
    platform,
    contentType: "image/jpeg",
    url,
    mediaSha256: base.mediaSha256,
    perceptualHash: "ffff0000ffff0000",
    evidence: base.evidenceData ?? { hash: "h", manifestKey: "k", capturedAt: base.createdAt },
    detection: {},
    classification: base.classification,
  };
}

describe("a repost on two platforms", () => {
  it("gives two notices, each to its own host and naming only the address that host can remove", async () => {
    const threats = new InMemoryThreatRepository();
    const service = new NoticeService({
      threats,
      people: new InMemoryPeople(),
      notices: new InMemoryNotices(),
      sender: new RecordingMail(),
      personMail: new RecordingMail(),
      directory: defaultRecipientDirectory(),
      appUrl: "https://app.example.com",
      now: () => new Date("2026-11-27T06:00:00.000Z"),
      newId: sequentialId,
    });
    const [x] = (await recordThreats(threats, USER, [found("twitter", X_POST)])).created;
    const [telegram] = (await recordThreats(threats, USER, [found("telegram", TELEGRAM_REPOST)])).created;
    if (!x || !telegram) throw new Error("each host's copy should be a threat of its own");
    expect(telegram.mediaGroup).toBe(x.mediaGroup);

    const toX = await service.generate(USER, x.id);
    const toTelegram = await service.generate(USER, telegram.id);
    // Each is addressed to its own platform's channel.
    expect(toX.recipient).not.toBe(toTelegram.recipient);
    expect(JSON.stringify(toX.channel)).not.toBe(JSON.stringify(toTelegram.channel));
    expect(toX.requestContent).toContain(X_POST);
    expect(toX.requestContent).not.toContain(TELEGRAM_REPOST);
    expect(toTelegram.requestContent).toContain(TELEGRAM_REPOST);
    expect(toTelegram.requestContent).not.toContain(X_POST);
  });
});
