import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Threat } from "../../api/types";
import { renderRoute } from "../../test/render-app";
import { ThreatList } from "./ThreatList";

const base = { platform: "youtube", createdAt: new Date().toISOString(), status: "active", url: "https://y.example/1" };
const genuine: Threat = {
  ...base,
  id: "t1",
  threatType: "likeness_misuse",
  severity: "medium",
  confidence: 99,
  title: "Your face used without consent",
  takedown: {
    noticeId: "n1",
    route: "platform_report",
    state: "filing_needed",
    channel: "web_form",
    recipient: "https://support.google.com/youtube/answer/142443",
  },
};
const fake: Threat = {
  ...base,
  id: "t2",
  threatType: "deepfake",
  severity: "critical",
  confidence: 95,
  title: "Synthetic media showing your face",
};

describe("threat list", () => {
  it("shows each threat's evidence-based type and 'Filing needed' until the web form is filed", () => {
    renderRoute(
      <ThreatList threats={[genuine, fake]} isLoading={false} onViewDetails={vi.fn()} onTakeDown={vi.fn()} />,
    );
    const rows = screen.getAllByRole("listitem");
    expect(rows[0]).toHaveTextContent("Your face used without consent");
    expect(rows[0]).toHaveTextContent("Likeness used without consent");
    expect(rows[0]).toHaveTextContent("Filing needed");
    expect(rows[0]).not.toHaveTextContent(/Deepfake|\bsent\b/i);
    expect(rows[1]).toHaveTextContent("Deepfake");
  });

  it("counts as critical only what the evidence supports, not a 99% genuine re-upload", async () => {
    const user = userEvent.setup({ delay: null });
    renderRoute(
      <ThreatList threats={[genuine, fake]} isLoading={false} onViewDetails={vi.fn()} onTakeDown={vi.fn()} />,
    );
    await user.click(screen.getByRole("button", { name: "Critical (1)" }));
    expect(screen.getAllByRole("listitem")).toHaveLength(1);
    expect(screen.getByText("Synthetic media showing your face")).toBeInTheDocument();
  });
});
