import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SESv2Client } from "@aws-sdk/client-sesv2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../../local/src/aws/http-server.js";
import { startSesServer } from "../../../local/src/aws/ses-server.js";
import { Outbox } from "../../../local/src/outbox/outbox.js";
import { outboxPage } from "../../../local/src/outbox/outbox-page.js";
import { SesMailSender } from "../../../packages/domain/src/takedowns/adapters/ses-mail.js";

/**
 * A notice goes out with the person's address as Reply-To, so a platform's reply reaches them; the
 * local SES stand-in dropped the header, so the outbox showed notices with none (issue 36 item 22).
 */
let dir: string;
let server: RunningServer;
let outbox: Outbox;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "lg-ses-"));
  outbox = new Outbox(dir);
  server = await startSesServer(outbox);
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the SES stand-in keeps a notice's Reply-To", () => {
  it("records and shows the Reply-To the product asked SES to set", async () => {
    const ses = new SESv2Client({
      endpoint: server.url,
      region: "eu-west-1",
      credentials: { accessKeyId: "local", secretAccessKey: "local" },
    });
    await new SesMailSender(ses, "notices@likenessguard.example").send({
      to: "abuse@platform.example",
      replyTo: "ada@example.com",
      subject: "DMCA notice",
      text: "Notice body",
      html: "<p>Notice body</p>",
    });
    ses.destroy();
    const [sent] = outbox.list();
    expect(sent).toMatchObject({ to: ["abuse@platform.example"], replyTo: ["ada@example.com"] });
    expect(outboxPage(outbox.list())).toContain("<dt>Reply-To</dt><dd>ada@example.com</dd>");
  });
});
