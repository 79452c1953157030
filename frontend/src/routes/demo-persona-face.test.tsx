import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DEMO_FACE_NOTE } from "../content/demo-personas";
import { DemoChooser } from "../features/demo/DemoChooser";
import { renderRoute, stubApi } from "../test/render-app";
import Dashboard from "./dashboard";

describe("the demo persona's face", () => {
  it("is said to be AI-generated on the demo dashboard and in the chooser", async () => {
    stubApi({
      "GET /api/auth/user": { status: 401, body: "Unauthorized" },
      "GET /api/demo/threats": { status: 200, body: [] },
    });
    renderRoute(<Dashboard />, { path: "/dashboard", route: "/dashboard?demo=professional" });
    expect(await screen.findByRole("note")).toHaveTextContent(DEMO_FACE_NOTE);
  });

  it("is named as invented and AI-generated before a demo starts", () => {
    renderRoute(<DemoChooser open onClose={() => undefined} fallback={() => "/dashboard"} />);
    expect(
      screen.getByText(/Invented persona: the face is an AI-generated picture, not a real person\./),
    ).toBeInTheDocument();
  });
});
