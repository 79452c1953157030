import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LiveCheckFailure } from "./LiveCheck";

describe("a refused live check (issue 36 item 17)", () => {
  it("says what to do in plain words and folds the rule's technical reason away", () => {
    render(
      <LiveCheckFailure message="Live check failed: the camera sent the same picture twice, as a live camera never does: close any other app or virtual camera using it and try again. Details: frame 2 repeats an earlier frame exactly" />,
    );
    const alert = screen.getByRole("alert");
    expect(alert.querySelector("p")?.textContent).toBe(
      "Live check failed: the camera sent the same picture twice, as a live camera never does: close any other app or virtual camera using it and try again",
    );
    const details = alert.querySelector("details");
    expect(details?.open).toBe(false);
    expect(details?.textContent).toBe("Technical reasonframe 2 repeats an earlier frame exactly");
  });

  it("shows a refusal without details whole", () => {
    const { container } = render(
      <LiveCheckFailure message="This live check has expired: start the capture again to get a new one" />,
    );
    expect(container.querySelector("[role=alert]")?.textContent).toBe(
      "This live check has expired: start the capture again to get a new one",
    );
  });
});
