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
      "POST /api/dmca/send": { status: 200, body: { sent: true, recipient: "agent@ig.example" } },
    });
    renderRoute(<DmcaDialog open threat={threat} onClose={onClose} />);
    expect(screen.getByText("Generating DMCA notice...")).toBeInTheDocument();
    expect(await screen.findByLabelText("Notice text")).toHaveValue("Notice body");
    expect(screen.getByText(/penalty of perjury/)).toBeInTheDocument();

    const send = screen.getByRole("button", { name: "Send Directly" });
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

  it("says so when no threat is selected", () => {
    stubApi({});
    renderRoute(<DmcaDialog open threat={null} onClose={vi.fn()} />);
    expect(screen.getByText("No threat selected for DMCA generation.")).toBeInTheDocument();
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

  it("keeps the DMCA title for a notice that goes the DMCA route", async () => {
    stubApi({
      "POST /api/dmca": {
        status: 200,
        body: { requestContent: "Notice body", route: "dmca", recipient: "a@b.example" },
      },
    });
    renderRoute(<DmcaDialog open threat={threat} onClose={vi.fn()} />);
    await screen.findByLabelText("Notice text");
    expect(screen.getByRole("dialog", { name: "DMCA Takedown Notice" })).toHaveTextContent("(dmca)");
  });
});
