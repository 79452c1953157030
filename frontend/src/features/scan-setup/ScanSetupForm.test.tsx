import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderRoute } from "../../test/render-app";
import { ScanSetupForm } from "./ScanSetupForm";

const optionsOf = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole("option")
    .map((o) => (o as HTMLOptionElement).value)
    .filter(Boolean);

describe("scan preferences form", () => {
  it("asks for a platform and a frequency before activating", async () => {
    const onSubmit = vi.fn();
    renderRoute(<ScanSetupForm initialTier="personal" pending={false} onSubmit={onSubmit} />);
    await userEvent.setup({ delay: null }).click(screen.getByRole("button", { name: "Activate AI Protection" }));
    expect(screen.getByText("Select at least one platform to monitor")).toBeInTheDocument();
    expect(screen.getByText("Select scan frequency")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("offers only the personal platforms and weekly scans on the personal tier, without auto takedown", () => {
    renderRoute(<ScanSetupForm initialTier="personal" pending={false} onSubmit={vi.fn()} />);
    expect(screen.getAllByRole("checkbox")).toHaveLength(5);
    expect(optionsOf("Scan frequency")).toEqual(["weekly"]);
    expect(screen.queryByText("Enable Automatic Takedown Requests")).not.toBeInTheDocument();
  });

  it("preselects the demo tier and offers all platforms and hourly scans on enterprise", () => {
    renderRoute(<ScanSetupForm initialTier="enterprise" pending={false} onSubmit={vi.fn()} />);
    expect(screen.getByLabelText(/Dark Web/)).toBeInTheDocument();
    expect(optionsOf("Scan frequency")).toEqual(["hourly", "daily", "weekly"]);
    expect(screen.getByText("Enable Automatic Takedown Requests")).toBeInTheDocument();
    expect(
      screen.getByText(/Copyright \(DMCA\) notices and intimate-imagery requests are never sent automatically/),
    ).toBeInTheDocument();
  });

  it("clears the chosen platforms when the tier changes, then submits the payload", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    renderRoute(<ScanSetupForm initialTier="professional" pending={false} onSubmit={onSubmit} />);
    await user.click(screen.getByLabelText(/LinkedIn/));
    await user.click(screen.getByRole("radio", { name: /Personal/ }));
    expect(screen.queryByLabelText(/LinkedIn/)).not.toBeInTheDocument();
    expect(screen.getAllByRole("checkbox").every((c) => !(c as HTMLInputElement).checked)).toBe(true);
    await user.click(screen.getByLabelText(/Instagram/));
    await user.selectOptions(screen.getByLabelText("Scan frequency"), "weekly");
    await user.click(screen.getByRole("button", { name: "Activate AI Protection" }));
    expect(onSubmit).toHaveBeenCalledWith({
      platforms: ["instagram"],
      scanFrequency: "weekly",
      alertSensitivity: "high",
      autoTakedown: false,
      membershipTier: "personal",
    });
  });

  it("signed in, shows the billed plan instead of a choice and sends no tier", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    renderRoute(<ScanSetupForm initialTier="personal" billedTier="professional" pending={false} onSubmit={onSubmit} />);
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
    expect(screen.getByText(/Your plan:/)).toHaveTextContent("Your plan: Professional.");
    expect(screen.getByRole("link", { name: "Change plan" })).toHaveAttribute("href", "/pricing");
    await user.click(screen.getByLabelText(/LinkedIn/));
    await user.selectOptions(screen.getByLabelText("Scan frequency"), "daily");
    await user.click(screen.getByRole("button", { name: "Activate AI Protection" }));
    expect(onSubmit).toHaveBeenCalledWith({
      platforms: ["linkedin"],
      scanFrequency: "daily",
      alertSensitivity: "high",
      autoTakedown: false,
    });
  });

  it("signed in, opens on what is saved: its platforms ticked, its frequency chosen, and saves rather than activates", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    renderRoute(
      <ScanSetupForm
        initialTier="personal"
        billedTier="professional"
        saved={{
          platforms: ["reddit", "linkedin"],
          scanFrequency: "daily",
          alertSensitivity: "medium",
          autoTakedown: true,
        }}
        pending={false}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByLabelText(/LinkedIn/)).toBeChecked();
    expect(screen.getByLabelText(/Reddit/)).toBeChecked();
    expect(screen.getByLabelText(/TikTok/)).not.toBeChecked();
    expect(screen.getByLabelText("Scan frequency")).toHaveValue("daily");
    await user.click(screen.getByRole("button", { name: "Save Scan Preferences" }));
    expect(onSubmit).toHaveBeenCalledWith({
      platforms: ["reddit", "linkedin"],
      scanFrequency: "daily",
      alertSensitivity: "medium",
      autoTakedown: true,
    });
  });
});
