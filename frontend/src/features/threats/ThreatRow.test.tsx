import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderRoute, stubApi } from "../../test/render-app";
import { ThreatRow } from "./ThreatRow";
import type { ThreatListItem } from "./triage-types";

const item = (synthetic: ThreatListItem["synthetic"]): ThreatListItem =>
  ({
    id: "thr_1",
    threatType: synthetic === "synthetic" ? "deepfake" : "likeness_misuse",
    confidence: 95,
    platform: "youtube",
    contentType: "image/jpeg",
    url: "https://youtube.example/watch?v=1",
    status: "active",
    createdAt: "2026-11-27T05:00:00.000Z",
    synthetic,
  }) as ThreatListItem;

const row = (synthetic: ThreatListItem["synthetic"]) => {
  stubApi({ "GET /api/system/metrics": { status: 200, body: { platformsMonitored: 19 } } });
  renderRoute(<ThreatRow threat={item(synthetic)} onViewDetails={vi.fn()} onTakeDown={vi.fn()} />);
};

describe("a threat's synthetic level in the list", () => {
  it("badges a 'synthetic' verdict as Synthetic", () => {
    row("synthetic");
    expect(screen.getByText("Synthetic", { selector: ".badge" })).toBeInTheDocument();
  });

  it("badges a 'possibly synthetic' verdict as Possibly synthetic, never as Synthetic", () => {
    row("possibly-synthetic");
    expect(screen.getByText("Possibly synthetic", { selector: ".badge" })).toBeInTheDocument();
    expect(screen.queryByText("Synthetic", { selector: ".badge" })).toBeNull();
  });

  it("shows no synthetic badge without synthetic evidence", () => {
    row("no-evidence");
    expect(screen.queryByText(/synthetic/i, { selector: ".badge" })).toBeNull();
  });
});
