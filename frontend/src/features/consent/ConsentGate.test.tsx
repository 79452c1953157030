import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderRoute, stubApi } from "../../test/render-app";
import { ConsentGate } from "./ConsentGate";

describe("the biometric consent (issue 36 item 16)", () => {
  it("is given in one click, on a button that says what it agrees to", async () => {
    let given = false;
    const { calls } = stubApi({
      "GET /api/consent": () => ({
        status: 200,
        body: { required: !given, version: "v3", text: "We process your face and voice to find copies of them." },
      }),
      "POST /api/consent": () => {
        given = true;
        return {
          status: 200,
          body: {
            required: false,
            version: "v3",
            text: "We process your face and voice.",
            givenAt: "2026-11-29T00:00:00.000Z",
          },
        };
      },
    });
    renderRoute(
      <ConsentGate enabled>
        <p>Capture</p>
      </ConsentGate>,
    );
    const agree = await screen.findByRole("button", { name: "I Agree" });
    expect(agree).toHaveAccessibleDescription(
      "By clicking I Agree you say: I have read this and agree to the processing of my face and voice as described.",
    );
    expect(screen.queryByRole("checkbox")).toBeNull();
    await userEvent.setup().click(agree);
    expect(await screen.findByText("Capture")).toBeInTheDocument();
    await waitFor(() =>
      expect(JSON.parse(String(calls.find((c) => c.method === "POST")?.init?.body))).toEqual({
        version: "v3",
        agree: true,
      }),
    );
  });
});
