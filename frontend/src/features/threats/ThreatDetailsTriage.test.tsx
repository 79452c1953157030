import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Threat } from "../../api/types";
import { renderRoute, stubApi } from "../../test/render-app";
import { ThreatDetailsDialog } from "./ThreatDetailsDialog";
import { UndoBar } from "./UndoBar";
import { withdrawUndo } from "./undo-store";

const base: Threat = {
  id: "thr_1",
  threatType: "deepfake",
  confidence: 97,
  platform: "youtube",
  contentType: "video/mp4",
  createdAt: "2026-11-23T10:00:00.000Z",
  status: "active",
  url: "https://youtube.example/watch?v=1",
  evidenceData: { hash: "ab" },
};

const noMedia = {
  kind: "image",
  contentType: "image/jpeg",
  frames: [],
  speech: [],
  audioAvailable: false,
  intimate: false,
};

beforeEach(() => {
  // jsdom has no object URLs; the player only needs one to point at.
  URL.createObjectURL = vi.fn(() => "blob:recording");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => withdrawUndo());

const open = (threat: Threat, onGenerateDmca = vi.fn()) =>
  renderRoute(
    <>
      <UndoBar />
      <ThreatDetailsDialog threat={threat} onClose={vi.fn()} onGenerateDmca={onGenerateDmca} />
    </>,
  );

describe("a threat's details for triage", () => {
  it("plays a voice threat's recording, with where the matched speech is", async () => {
    const { calls } = stubApi({
      "GET /api/threats/thr_1": { status: 200, body: { ...base, threatType: "voice_clone", history: [] } },
      "GET /api/threats/thr_1/media": {
        status: 200,
        body: { ...noMedia, kind: "audio", audioAvailable: true, speech: [{ startS: 1.5, endS: 64 }] },
      },
      "GET /api/threats/thr_1/media/audio": { status: 200, body: "RIFF....WAVE" },
    });
    open({ ...base, threatType: "voice_clone", contentType: "audio/wav" });
    const player = await screen.findByLabelText("Recording of the matched voice");
    expect(player.tagName).toBe("AUDIO");
    expect(player).toHaveAttribute("src", "blob:recording");
    expect(screen.getByText(/read from the speech between 0:01\.5 and 1:04/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Play the matched speech (0:01.5–1:04)" })).toBeInTheDocument();
    expect(calls.some((c) => c.path === "/api/threats/thr_1/media/audio")).toBe(true);
  });

  it("says why a recording cannot be played, in the server's words", async () => {
    stubApi({
      "GET /api/threats/thr_1": { status: 200, body: { ...base, threatType: "voice_clone", history: [] } },
      "GET /api/threats/thr_1/media": {
        status: 200,
        body: { ...noMedia, kind: "audio", audioAvailable: true, speech: [] },
      },
      "GET /api/threats/thr_1/media/audio": {
        status: 413,
        body: { message: "This recording is too large to play here; it is kept whole in the evidence package" },
      },
    });
    open({ ...base, threatType: "voice_clone", contentType: "audio/wav" });
    expect(
      await screen.findByText(/The recording could not be loaded: This recording is too large to play here/),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText("Recording of the matched voice")).not.toBeInTheDocument();
  });

  it("shows a video's censored frames the findings rest on, at their times, naming each finding", async () => {
    stubApi({
      "GET /api/threats/thr_1": { status: 200, body: { ...base, history: [] } },
      "GET /api/threats/thr_1/media": {
        status: 200,
        body: {
          ...noMedia,
          kind: "video",
          frames: [
            { index: 0, timeSeconds: 2, confidence: 91.2, findings: ["face-match", "face-swap-mesonet"] },
            { index: 1, timeSeconds: 7, findings: ["intimate"] },
          ],
        },
      },
    });
    open(base);
    const frame = await screen.findByAltText("Censored frame at 0:07");
    expect(frame.getAttribute("src")).toBe("/api/threats/thr_1/media/frames/1");
    expect(screen.getByText("0:02 · strong face match · Face-swap detector")).toBeInTheDocument();
    expect(screen.getByText("0:07 · explicit content")).toBeInTheDocument();
    // The frames stand in for the single picture a video lacks: no "no preview" strip above them.
    expect(screen.queryByText(/No preview/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Recording of the matched voice")).not.toBeInTheDocument();
  });

  it("offers no takedown or triage for a threat whose takedown was requested, and shows its history", async () => {
    stubApi({
      "GET /api/threats/thr_1": {
        status: 200,
        body: {
          ...base,
          status: "takedown_requested",
          allowedActions: [],
          history: [
            {
              at: "2026-11-23T11:00:00.000Z",
              actor: "system",
              actorKind: "system",
              action: "takedown_requested",
              from: "active",
              to: "takedown_requested",
            },
          ],
        },
      },
      "GET /api/threats/thr_1/media": { status: 200, body: noMedia },
    });
    open({ ...base, status: "takedown_requested" });
    expect(
      await screen.findByText(/Takedown requested \(Active → Takedown requested\) automatically/),
    ).toBeInTheDocument();
    for (const name of ["Prepare takedown notice", "Mark as False Positive", "Dismiss"]) {
      expect(screen.queryByRole("button", { name })).not.toBeInTheDocument();
    }
  });

  it("marks a threat false positive, then offers Undo, which restores it", async () => {
    const user = userEvent.setup({ delay: null });
    const bodies: { path: string; body: unknown }[] = [];
    stubApi({
      "GET /api/threats/thr_1": { status: 200, body: { ...base, history: [] } },
      "GET /api/threats/thr_1/media": { status: 200, body: noMedia },
      "POST /api/threats/thr_1/actions": (init) => {
        const body = JSON.parse(String(init?.body)) as { action: string };
        bodies.push({ path: "single", body });
        return { status: 200, body: { ...base, status: body.action === "undo" ? "active" : "false_positive" } };
      },
    });
    open(base);
    await user.click(await screen.findByRole("button", { name: "Mark as False Positive" }));
    await screen.findByText("Marked 1 threat as false positive.");
    expect(bodies[0]).toEqual({ path: "single", body: { action: "false_positive" } });
    await user.click(screen.getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ path: "single", body: { action: "undo" } });
  });

  it("tells the history in words: found by a scan, then who changed what", async () => {
    stubApi({
      "GET /api/threats/thr_1": {
        status: 200,
        body: {
          ...base,
          history: [
            {
              at: "2026-11-23T10:00:00.000Z",
              actor: "scanner",
              actorKind: "scanner",
              action: "detected",
              to: "active",
            },
            {
              at: "2026-11-23T10:05:00.000Z",
              actor: "u-1",
              actorKind: "user",
              action: "false_positive",
              from: "active",
              to: "false_positive",
              bulk: true,
            },
            {
              at: "2026-11-23T10:06:00.000Z",
              actor: "u-1",
              actorKind: "user",
              action: "undo",
              from: "false_positive",
              to: "active",
            },
          ],
        },
      },
      "GET /api/threats/thr_1/media": { status: 200, body: noMedia },
    });
    open(base);
    const list = await screen.findByRole("list", { name: "History" });
    const history = within(list)
      .getAllByRole("listitem")
      .map((li) => li.textContent ?? "");
    expect(history).toHaveLength(3);
    expect(history.some((t) => /Found by a scan\s*$/.test(t))).toBe(true);
    expect(
      history.some((t) => /Marked as false positive \(Active → False positive\) by you, with others at once/.test(t)),
    ).toBe(true);
    expect(history.some((t) => /Undone \(False positive → Active\) by you/.test(t))).toBe(true);
  });

  it("offers Undo, not Take Down, on a threat marked false positive", async () => {
    stubApi({
      "GET /api/threats/thr_1": {
        status: 200,
        body: { ...base, status: "false_positive", allowedActions: ["undo"], history: [] },
      },
      "GET /api/threats/thr_1/media": { status: 200, body: noMedia },
    });
    open({ ...base, status: "false_positive" });
    expect(await screen.findByRole("button", { name: "Undo false positive" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Prepare takedown notice" })).not.toBeInTheDocument();
    expect(await screen.findByText("No changes since it was found.")).toBeInTheDocument();
  });

  it("shows the person's enrolled photo beside the censored match when one is stored", async () => {
    stubApi({
      "GET /api/threats/thr_1": { status: 200, body: { ...base, history: [] } },
      "GET /api/threats/thr_1/media": { status: 200, body: { ...noMedia, enrolledPhotoAvailable: true } },
    });
    open({ ...base, contentType: "image/jpeg", previewUrl: "/api/threats/thr_1/preview" });
    const enrolled = await screen.findByAltText("You, as enrolled, for comparison");
    expect(enrolled.getAttribute("src")).toBe("/api/threats/thr_1/media/enrolled-photo");
    expect(enrolled.closest(".compare")?.querySelector(".preview img")?.getAttribute("src")).toBe(
      "/api/threats/thr_1/preview",
    );
  });
});
