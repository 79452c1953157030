import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Threat } from "../../api/types";
import { renderRoute, stubApi } from "../../test/render-app";
import { DmcaDialog } from "./DmcaDialog";

const threat: Threat = {
  id: "t1",
  threatType: "deepfake",
  confidence: 97,
  platform: "instagram",
  createdAt: new Date().toISOString(),
  status: "active",
  url: "https://instagram.example/p/1",
};
const FACTS = ["I am the person shown", "I did not consent"];

describe("DMCA dialog", () => {
  it("generates the notice on opening and sends it only after every fact is confirmed", async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    const { calls } = stubApi({
      "POST /api/dmca": {
        status: 200,
        body: { requestContent: "Notice body", recipient: "agent@ig.example", requiresConfirmation: FACTS },
      },
      "POST /api/dmca/send": {
        status: 200,
        body: { state: "sent", sent: true, recipient: "agent@ig.example", noticeId: "n0", route: "dmca" },
      },
    });
    renderRoute(<DmcaDialog open threat={threat} onClose={onClose} />);
    expect(screen.getByText("Generating the notice...")).toBeInTheDocument();
    expect(await screen.findByLabelText("Notice text")).toHaveValue("Notice body");
    expect(screen.getByText(/penalty of perjury/)).toBeInTheDocument();

    const send = screen.getByRole("button", { name: "Send takedown notice by email" });
    expect(send).toBeDisabled();
    await user.click(screen.getByLabelText(FACTS[0] as string));
    expect(send).toBeDisabled();
    await user.click(screen.getByLabelText(FACTS[1] as string));
    await user.click(send);
    expect(await screen.findByText("DMCA notice sent")).toBeInTheDocument();
    const sent = calls.find((c) => c.path === "/api/dmca/send");
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ threatId: "t1", confirmations: FACTS });
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's message when generation fails", async () => {
    stubApi({ "POST /api/dmca": { status: 501, body: { message: "not implemented yet" } } });
    renderRoute(<DmcaDialog open threat={threat} onClose={vi.fn()} />);
    expect(await screen.findByText("Generation failed")).toBeInTheDocument();
    expect(screen.getAllByText(/not implemented yet/).length).toBeGreaterThan(0);
  });

  it("links a refusal on an unverified voice to the step that verifies it", async () => {
    const message =
      "This threat's voice match rests on an unverified enrolment, so no notice can be sent under your name. Your voice is enrolled but not verified: ...";
    stubApi({ "POST /api/dmca": { status: 409, body: { message } } });
    renderRoute(<DmcaDialog open threat={threat} onClose={vi.fn()} />);
    const link = await screen.findByRole("link", { name: "Verify your voice with a live recording" });
    expect(link).toHaveAttribute("href", "/onboarding?step=voice");
    expect(screen.getByText(/then run a scan: it checks this threat again/)).toBeInTheDocument();
  });

  it("links a refusal for want of an email address (an account made with a phone number) to Settings", async () => {
    stubApi({
      "POST /api/dmca": {
        status: 422,
        body: { message: "A notice needs your email; complete your profile first." },
      },
    });
    renderRoute(<DmcaDialog open threat={threat} onClose={vi.fn()} />);
    const link = await screen.findByRole("link", { name: "Add your email in Settings" });
    expect(link).toHaveAttribute("href", "/settings");
  });

  it("says so when no threat is selected", () => {
    stubApi({});
    renderRoute(<DmcaDialog open threat={null} onClose={vi.fn()} />);
    expect(screen.getByText("No threat selected for a takedown notice.")).toBeInTheDocument();
  });

  it("is titled by the route the notice follows: a law-enforcement referral is not a DMCA notice", async () => {
    stubApi({
      "POST /api/dmca": { status: 200, body: { requestContent: "Referral body", route: "none", recipient: "" } },
    });
    renderRoute(<DmcaDialog open threat={threat} onClose={vi.fn()} />);
    expect(await screen.findByLabelText("Notice text")).toHaveValue("Referral body");
    expect(screen.getByRole("dialog", { name: "Evidence Record and Law-Enforcement Referral" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: /DMCA/ })).toBeNull();
    expect(await screen.findByText("Law-enforcement referral generated")).toBeInTheDocument();
  });

  it("names a platform report on an impersonating account an impersonation report", async () => {
    stubApi({ "POST /api/dmca": { status: 200, body: reportDraft() } });
    renderRoute(<DmcaDialog open threat={{ ...threat, threatType: "impersonation" }} onClose={vi.fn()} />);
    await screen.findByLabelText("Notice text");
    expect(screen.getByRole("dialog", { name: "Impersonation Report" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send impersonation report by email" })).toBeInTheDocument();
  });

  it("a refused notice names no legal route and offers no Send", async () => {
    stubApi({
      "POST /api/dmca": { status: 409, body: { message: "Verify your face before a notice goes in your name" } },
    });
    renderRoute(<DmcaDialog open threat={threat} onClose={vi.fn()} />);
    expect(await screen.findByText(/The notice could not be generated/)).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Takedown Notice" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "DMCA Takedown Notice" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Send/ })).toBeNull();
  });

  it("keeps the DMCA title for a notice that goes the DMCA route", async () => {
    stubApi({
      "POST /api/dmca": {
        status: 200,
        body: { requestContent: "Notice body", route: "dmca", recipient: "a@b.example" },
      },
    });
    renderRoute(<DmcaDialog open threat={threat} onClose={vi.fn()} />);
    await screen.findByLabelText("Notice text");
    const dialog = screen.getByRole("dialog", { name: "DMCA Takedown Notice" });
    // The recipient line names the notice in words, never by its route id ("(dmca)", "(platform_report)").
    expect(dialog).toHaveTextContent("Recipient: a@b.example — as a DMCA notice");
    expect(dialog).not.toHaveTextContent(/\((dmca|platform_report|take_it_down|dsa_article_16)\)/);
  });

  it("shows the legal basis and the evidence, and needs every statement ticked for this notice", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubApi({
      "POST /api/dmca": { status: 200, body: reportDraft() },
      "POST /api/dmca/send": {
        status: 200,
        body: { state: "sent", sent: true, recipient: "abuse@telegram.org", noticeId: "n1", route: "platform_report" },
      },
    });
    renderRoute(<DmcaDialog open threat={threat} onClose={vi.fn()} />);
    const basis = await screen.findByRole("region", { name: "Legal basis" });
    // A re-used picture is reported as likeness misuse, not as impersonation (issue 36 item 9).
    expect(basis).toHaveTextContent("Likeness Misuse Report");
    expect(screen.getByRole("dialog", { name: "Likeness Misuse Report" })).toBeInTheDocument();
    expect(basis).toHaveTextContent("No copyright claim is made.");
    expect(basis).toHaveTextContent("no synthetic-media evidence was found");
    const send = screen.getByRole("button", { name: "Send likeness misuse report by email" });
    expect(send).toBeDisabled();
    await user.click(screen.getByLabelText(STATEMENTS[0] as string));
    expect(send).toBeDisabled();
    await user.click(screen.getByLabelText(STATEMENTS[1] as string));
    await user.click(send);
    expect(await screen.findByText("Sent to abuse@telegram.org")).toBeInTheDocument();
    const sent = calls.find((c) => c.path === "/api/dmca/send");
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ threatId: "t1", confirmations: STATEMENTS });
  });

  it("claims copyright only when the person picks their original, and sends that claim", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubApi({
      "POST /api/dmca": (init) => {
        const body = JSON.parse(String(init?.body));
        return {
          status: 200,
          body: body.claimCopyright
            ? {
                ...reportDraft(),
                route: "dmca",
                requiresConfirmation: ["I made or own the original", ...STATEMENTS],
                copyright: { ...reportDraft().copyright, claimedSampleId: body.claimCopyright.sampleId },
              }
            : reportDraft(),
        };
      },
      "POST /api/dmca/send": {
        status: 200,
        body: { state: "sent", sent: true, recipient: "copyright@x.example", noticeId: "n2", route: "dmca" },
      },
    });
    renderRoute(<DmcaDialog open threat={threat} onClose={vi.fn()} />);
    const use = await screen.findByRole("button", { name: "Use a copyright notice" });
    expect(use).toBeDisabled();
    // The original is offered with what shows the found media copies it.
    expect(
      screen.getByRole("option", { name: /Face photo enrolled 2026-10-01 \(upload\): the same file/ }),
    ).toBeVisible();
    await user.selectOptions(screen.getByLabelText("Your original"), "face-1");
    await user.click(use);
    expect(await screen.findByRole("dialog", { name: "DMCA Takedown Notice" })).toHaveTextContent(
      "claims copyright in your original photo enrolled on 2026-10-01",
    );
    for (const statement of ["I made or own the original", ...STATEMENTS])
      await user.click(screen.getByLabelText(statement));
    await user.click(screen.getByRole("button", { name: "Send DMCA notice by email" }));
    await screen.findByText("DMCA notice sent");
    const sent = calls.find((c) => c.path === "/api/dmca/send");
    expect(JSON.parse(String(sent?.init?.body))).toMatchObject({ claimCopyright: { sampleId: "face-1" } });
  });

  it("turns a web-form platform into a guided filing: never 'sent', fields to copy, the form link, 'I have filed it'", async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    const formUrl = "https://www.youtube.com/copyright_complaint_form";
    const fields = [
      { label: "Full name", value: "Ada Moreno" },
      { label: "URL of the content", value: "https://www.youtube.com/watch?v=x" },
    ];
    const { calls } = stubApi({
      "POST /api/dmca": {
        status: 200,
        body: {
          ...reportDraft(),
          channel: { kind: "web_form", url: formUrl, label: "YouTube form", needsVerification: false },
        },
      },
      "POST /api/dmca/send": {
        status: 200,
        body: {
          state: "filing_needed",
          sent: false,
          recipient: formUrl,
          noticeId: "n3",
          route: "platform_report",
          formUrl,
          formFields: fields,
          requestContent: "x",
        },
      },
      "POST /api/dmca/filed": {
        status: 200,
        body: { state: "filed", noticeId: "n3", filedAt: "2026-11-23T21:00:00.000Z" },
      },
    });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderRoute(<DmcaDialog open threat={threat} onClose={onClose} />);
    for (const statement of STATEMENTS) await user.click(await screen.findByLabelText(statement));
    await user.click(screen.getByRole("button", { name: "Prepare Filing" }));
    expect(await screen.findByText("Filing needed")).toBeInTheDocument();
    expect(screen.queryByText(/Sent to/)).toBeNull();
    expect(screen.queryByText(/notice sent|report sent/i)).toBeNull();
    expect(screen.getByRole("link", { name: "Open the form" })).toHaveAttribute("href", formUrl);
    expect(screen.getByLabelText("URL of the content")).toHaveValue("https://www.youtube.com/watch?v=x");
    await user.click(screen.getByRole("button", { name: "Copy Full name" }));
    expect(writeText).toHaveBeenCalledWith("Ada Moreno");
    await user.click(screen.getByRole("button", { name: "I have filed it" }));
    expect(await screen.findByText("Filed on 2026-11-23")).toBeInTheDocument();
    const filed = calls.find((c) => c.path === "/api/dmca/filed");
    expect(JSON.parse(String(filed?.init?.body))).toEqual({ noticeId: "n3" });
    expect(onClose).toHaveBeenCalled();
  });

  it("reopens a notice still waiting to be filed on its filing steps", async () => {
    stubApi({});
    const waiting: Threat = {
      ...threat,
      takedown: {
        noticeId: "n4",
        route: "platform_report",
        state: "filing_needed",
        channel: "web_form",
        recipient: "https://help.x.com/forms/impersonation",
        formUrl: "https://help.x.com/forms/impersonation",
        formFields: [{ label: "Full name", value: "Ada Moreno" }],
      },
    };
    renderRoute(<DmcaDialog open threat={waiting} onClose={vi.fn()} />);
    expect(screen.getByRole("dialog", { name: "File this notice on the platform's form" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "I have filed it" })).toBeEnabled();
  });

  it("never offers Send where nobody can be asked (dark web)", async () => {
    stubApi({
      "POST /api/dmca": {
        status: 200,
        body: {
          requestContent: "Referral",
          route: "none",
          recipient: "Dark web",
          requiresConfirmation: [],
          channel: { kind: "none", explanation: "Services reached only through Tor have no operator to notify." },
        },
      },
    });
    renderRoute(<DmcaDialog open threat={threat} onClose={vi.fn()} />);
    expect(await screen.findByText(/No one can be asked to remove this/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Send|Filing/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Download Notice" })).toBeEnabled();
  });
});

const STATEMENTS = ["I believe in good faith", "Under penalty of perjury, the statements are accurate"];

function reportDraft() {
  return {
    requestContent: "Report body",
    route: "platform_report",
    recipient: "abuse@telegram.org",
    requiresConfirmation: STATEMENTS,
    basis: {
      route: "platform_report",
      reason: "Telegram's impersonation and privacy report channel. No copyright claim is made.",
      deadlineHours: 168,
    },
    channel: { kind: "email", address: "abuse@telegram.org", label: "Abuse", needsVerification: true },
    copyright: {
      available: true,
      originals: [
        {
          sampleId: "face-1",
          modality: "face",
          enrolledAt: "2026-10-01T09:00:00.000Z",
          source: "upload",
          match: "same-file",
        },
      ],
    },
    evidence: {
      threatType: "likeness_misuse",
      reason: "The face matches (93%) and no synthetic-media evidence was found.",
    },
  };
}
