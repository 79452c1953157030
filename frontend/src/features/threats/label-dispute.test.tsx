import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderRoute, stubApi } from "../../test/render-app";
import { ThreatDetailsDialog } from "./ThreatDetailsDialog";
import { ThreatRow } from "./ThreatRow";
import type { ThreatDetails } from "./triage-types";

const classification = {
  type: "likeness_misuse" as const,
  severity: "medium" as const,
  reason: "The face matches (a very strong match) and a detector read it as possibly synthetic.",
  likeness: { modality: "face" as const, confidence: 99 },
  synthetic: { status: "possibly-synthetic" as const, score: 0.4, detectors: ["ai-image"], declared: false },
};
const labelled: ThreatDetails = {
  id: "thr_1",
  threatType: "likeness_misuse",
  confidence: 99,
  platform: "youtube",
  contentType: "image/jpeg",
  createdAt: "2026-11-23T10:00:00.000Z",
  status: "active",
  url: "https://youtube.example/watch?v=1",
  synthetic: "possibly-synthetic",
  classification,
};
const disputed: ThreatDetails = {
  ...labelled,
  labelDispute: { label: "possibly-synthetic", at: "2026-11-29T12:00:00.000Z" },
};
const noMedia = { kind: "image", frames: [], speech: [], audioAvailable: false, intimate: false };

describe("disputing a 'Possibly synthetic' label", () => {
  it("offers the dispute beside 'Mark as False Positive' and sends it for this threat alone", async () => {
    const user = userEvent.setup({ delay: null });
    const bodies: unknown[] = [];
    stubApi({
      "GET /api/threats/thr_1": { status: 200, body: { ...labelled, history: [] } },
      "GET /api/threats/thr_1/media": { status: 200, body: noMedia },
      "POST /api/threats/thr_1/actions": (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return { status: 200, body: disputed };
      },
    });
    renderRoute(<ThreatDetailsDialog threat={labelled} onClose={vi.fn()} onGenerateDmca={vi.fn()} />);
    expect(screen.getByRole("button", { name: "Mark as False Positive" })).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: 'Dispute "Possibly synthetic"' }));
    await waitFor(() => expect(bodies).toEqual([{ action: "dispute_label" }]));
  });

  it("shows a disputed label as withdrawn, with the dispute in the history, and offers no second dispute", async () => {
    stubApi({
      "GET /api/threats/thr_1": {
        status: 200,
        body: {
          ...disputed,
          history: [{ at: "2026-11-29T12:00:00.000Z", actor: "u1", actorKind: "user", action: "label_disputed" }],
        },
      },
      "GET /api/threats/thr_1/media": { status: 200, body: noMedia },
    });
    renderRoute(<ThreatDetailsDialog threat={disputed} onClose={vi.fn()} onGenerateDmca={vi.fn()} />);
    expect(await screen.findByText(/You disputed the "Possibly synthetic" label on/)).toBeInTheDocument();
    expect(
      await screen.findByText(/Disputed the "Possibly synthetic" label \(withdrawn; the likeness finding stays\)/),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: 'Dispute "Possibly synthetic"' })).toBeNull();
    expect(screen.queryByText(/^Possibly synthetic:/)).toBeNull();
  });

  it("labels a disputed threat's row 'Synthetic label disputed', not 'Possibly synthetic'", () => {
    stubApi({});
    renderRoute(<ThreatRow threat={disputed} onViewDetails={vi.fn()} onTakeDown={vi.fn()} />);
    expect(screen.getByText("Synthetic label disputed")).toBeInTheDocument();
    expect(screen.queryByText("Possibly synthetic")).toBeNull();
  });
});
