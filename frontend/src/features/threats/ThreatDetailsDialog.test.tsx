import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Threat } from "../../api/types";
import { renderRoute } from "../../test/render-app";
import { ThreatDetailsDialog } from "./ThreatDetailsDialog";

const base: Threat = {
  id: "thr_1",
  threatType: "deepfake",
  confidence: 97,
  platform: "youtube",
  contentType: "image/jpeg",
  createdAt: new Date().toISOString(),
  status: "active",
  url: "https://youtube.example/watch?v=1",
};

describe("threat details", () => {
  it("shows the server's censored preview when the threat has a picture", () => {
    renderRoute(
      <ThreatDetailsDialog
        threat={{ ...base, previewUrl: "/api/threats/thr_1/preview" }}
        onClose={vi.fn()}
        onGenerateDmca={vi.fn()}
      />,
    );
    const dialog = screen.getByRole("dialog");
    expect(dialog.querySelector(".preview img")?.getAttribute("src")).toBe("/api/threats/thr_1/preview");
    expect(screen.getByText("Censored content preview")).toBeInTheDocument();
  });

  it("says there is no preview for a threat without a picture, instead of an empty box", () => {
    renderRoute(
      <ThreatDetailsDialog
        threat={{ ...base, threatType: "voice_clone", contentType: "audio/mpeg" }}
        onClose={vi.fn()}
        onGenerateDmca={vi.fn()}
      />,
    );
    expect(screen.getByRole("dialog").querySelector("img")).toBeNull();
    expect(screen.getByText(/No preview: open the threat URL/)).toBeInTheDocument();
  });
});
