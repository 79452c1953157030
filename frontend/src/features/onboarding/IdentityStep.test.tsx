import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { profile } from "../../test/profile-fixture";
import { renderRoute } from "../../test/render-app";
import { IdentityStep } from "./IdentityStep";

describe("the onboarding's identity step", () => {
  it("asks for the country a notice's law depends on, and saves it with the name", async () => {
    const onSubmit = vi.fn();
    renderRoute(<IdentityStep pending={false} onSubmit={onSubmit} onPrevious={vi.fn()} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText("First name"), "Ada");
    await user.type(screen.getByLabelText("Last name"), "Moreno");
    await user.type(screen.getByLabelText("Country you live in"), "Germany");
    await user.click(screen.getByRole("button", { name: "Save and Continue" }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ firstName: "Ada", country: "Germany" }));
  });

  it("opens on the country already saved", () => {
    renderRoute(
      <IdentityStep initial={profile({ country: "FR" })} pending={false} onSubmit={vi.fn()} onPrevious={vi.fn()} />,
    );
    expect(screen.getByLabelText("Country you live in")).toHaveValue("FR");
  });
});
