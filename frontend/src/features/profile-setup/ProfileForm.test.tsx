import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderRoute } from "../../test/render-app";
import { ProfileForm } from "./ProfileForm";

const REQUIRED_MESSAGES = [
  "First name is required",
  "Last name is required",
  "Date of birth is required",
  "Valid phone number is required",
  "Address is required",
  "City is required",
  "Country is required",
];

describe("profile setup form", () => {
  it("shows every required-field message under its field on an empty submit", async () => {
    const onSubmit = vi.fn();
    renderRoute(<ProfileForm pending={false} onSubmit={onSubmit} />);
    await userEvent.setup({ delay: null }).click(screen.getByRole("button", { name: "Continue to Pricing" }));
    for (const message of REQUIRED_MESSAGES) expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText("First name")).toHaveAccessibleDescription("First name is required");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("revalidates on change after the first submit and wants a phone of at least 10 characters", async () => {
    const user = userEvent.setup({ delay: null });
    renderRoute(<ProfileForm pending={false} onSubmit={vi.fn()} />);
    await user.click(screen.getByRole("button", { name: "Continue to Pricing" }));
    await user.type(screen.getByLabelText("First name"), "Ada");
    expect(screen.queryByText("First name is required")).not.toBeInTheDocument();
    await user.type(screen.getByLabelText("Phone"), "12345");
    expect(screen.getByText("Valid phone number is required")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Phone"), "67890");
    expect(screen.queryByText("Valid phone number is required")).not.toBeInTheDocument();
  });

  it("submits a complete profile with optional fields left empty", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    renderRoute(<ProfileForm pending={false} onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText("First name"), "Ada");
    await user.type(screen.getByLabelText("Last name"), "Lovelace");
    await user.type(screen.getByLabelText("Date of birth"), "1990-12-10");
    await user.type(screen.getByLabelText("Phone"), "+442071234567");
    await user.type(screen.getByLabelText("Address"), "1 Main St");
    await user.type(screen.getByLabelText("City"), "London");
    await user.selectOptions(screen.getByLabelText("Country"), "UK");
    await user.click(screen.getByRole("button", { name: "Continue to Pricing" }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ firstName: "Ada", country: "UK", dateOfBirth: "1990-12-10", occupation: "" }),
    );
  });

  it("labels the button 'Creating Profile...' while sending", () => {
    renderRoute(<ProfileForm pending onSubmit={vi.fn()} />);
    expect(screen.getByRole("button", { name: "Creating Profile..." })).toBeDisabled();
  });
});
