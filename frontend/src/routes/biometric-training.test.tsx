import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../api/query-client";
import { profile } from "../test/profile-fixture";
import { stubApi } from "../test/render-app";
import { Toaster } from "../ui/Toaster";
import BiometricTrainingRoute from "./biometric-training";

// jsdom has no camera or microphone: the capture phases hand over stand-in recordings so the test
// reaches what this page decides after enrolment.
vi.mock("../features/training/FacePhase", () => ({
  FacePhase: ({ onDone }: { onDone: (faces: Blob[]) => void }) => (
    <button type="button" onClick={() => onDone([new Blob(["a"]), new Blob(["b"]), new Blob(["c"])])}>
      Take the three photos
    </button>
  ),
}));
vi.mock("../features/training/LiveCheck", () => ({
  LiveCheck: ({ onDone }: { onDone: (result: { faces: number; verified: boolean }) => void }) => (
    <button type="button" onClick={() => onDone({ faces: 3, verified: true })}>
      Take the three photos
    </button>
  ),
}));
vi.mock("../features/training/VoicePhase", () => ({
  VoicePhase: ({ onDone }: { onDone: (voice: Blob) => void }) => (
    <button type="button" onClick={() => onDone(new Blob(["v"]))}>
      Record the paragraph
    </button>
  ),
}));

const standing = (state: "consented" | "enrolled" | "withdrawn") => ({
  state,
  invitationExpired: false,
  scanned: state === "enrolled",
});

function enrolAs(protections: { accountName: string; state: "consented" | "enrolled" | "withdrawn" }[]) {
  const api = stubApi({
    "GET /api/auth/user": { status: 200, body: { userId: "member-1", email: "carol@example.com" } },
    "GET /api/profile": {
      status: 200,
      body: profile({ userId: "member-1", privacySettings: {} }),
    },
    "GET /api/consent": { status: 200, body: { required: false, version: "v1", text: "" } },
    "GET /api/people/me": {
      status: 200,
      body: {
        protections: protections.map((p, i) => ({
          accountName: p.accountName,
          personId: `p_${i}`,
          acceptedAt: "2026-11-23T10:00:00.000Z",
          standing: standing(p.state),
        })),
      },
    },
    "POST /api/biometric-training": {
      status: 200,
      body: { faces: 3, voice: true, verified: true, enrolment: "server-checked-capture" },
    },
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={["/biometric-training"]}>
        <Routes>
          <Route path="/biometric-training" element={<BiometricTrainingRoute />} />
          <Route path="/people" element={<h1>People page</h1>} />
          <Route path="/scan-preferences" element={<h1>Scan preferences page</h1>} />
        </Routes>
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

async function captureAndContinue(continueLabel: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "Start the capture" }));
  await user.click(await screen.findByRole("button", { name: "Take the three photos" }));
  await user.click(await screen.findByRole("button", { name: "Record the paragraph" }));
  await user.click(await screen.findByRole("button", { name: continueLabel }));
}

describe("after enrolling", () => {
  it("sends a person protected by another account to the accounts protecting them, not to scan preferences", async () => {
    const api = enrolAs([{ accountName: "Ada Admin", state: "consented" }]);
    await captureAndContinue("Continue to Accounts Protecting You");
    expect(await screen.findByRole("heading", { name: "People page" })).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === "POST" && c.path === "/api/biometric-training")).toBe(true);
    expect(
      screen.getByText("Your biometric data has been processed. Here are the accounts protecting you."),
    ).toBeVisible();
  });

  it("sends someone protected only by their own account on to scan preferences", async () => {
    enrolAs([]);
    await captureAndContinue("Continue to Scan Preferences");
    expect(await screen.findByRole("heading", { name: "Scan preferences page" })).toBeInTheDocument();
  });

  it("treats a protection the person withdrew from as ended", async () => {
    enrolAs([{ accountName: "Ada Admin", state: "withdrawn" }]);
    await captureAndContinue("Continue to Scan Preferences");
    expect(await screen.findByRole("heading", { name: "Scan preferences page" })).toBeInTheDocument();
  });
});

describe("what the capture page says it does (issue 36 item 18)", () => {
  it("names a live check and computed embeddings, with no wizard step and nothing trained", async () => {
    enrolAs([]);
    expect(await screen.findByRole("heading", { name: "Your live check and voice recording" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Biometric Training");
    const page = document.body.textContent ?? "";
    expect(page).not.toMatch(/Step \d of \d|Train your private|AI models|AI Training/);
    expect(page).toContain("Nothing is trained on you: from your captures we compute embeddings");
  });
});
