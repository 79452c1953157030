import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Threat } from "../../api/types";
import { renderRoute } from "../../test/render-app";
import { ThreatDetailsDialog } from "../threats/ThreatDetailsDialog";

const threat: Threat = {
  id: "thr_1",
  threatType: "likeness_misuse",
  confidence: 93,
  platform: "reddit",
  contentType: "image/jpeg",
  createdAt: new Date().toISOString(),
  status: "takedown_requested",
  url: "https://www.reddit.com/r/pics/comments/abc/",
  takedown: {
    noticeId: "n-7",
    route: "platform_report",
    state: "rejected",
    channel: "email",
    recipient: "privacy@reddit.example",
  },
};

describe("a threat's way into the takedown centre", () => {
  it("links the threat's notice in the centre from its details, with the state the person reported", () => {
    renderRoute(<ThreatDetailsDialog threat={threat} onClose={vi.fn()} onGenerateDmca={vi.fn()} />);
    expect(screen.getByText(/Rejected by the platform \(as you reported\)/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open in the takedown centre" })).toHaveAttribute("href", "/takedowns/n-7");
  });
});
