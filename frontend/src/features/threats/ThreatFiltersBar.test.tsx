import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ThreatFiltersBar } from "./ThreatFiltersBar";
import { DEFAULT_FILTERS } from "./triage-types";

describe("the threat filters' fold on a phone", () => {
  it("says how many filters are in use, and opens and closes for the controls it names", async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <ThreatFiltersBar filters={{ ...DEFAULT_FILTERS, status: "active", platform: "youtube" }} onChange={vi.fn()} />,
    );
    const toggle = screen.getByRole("button", { name: "Search and filters (2 in use)" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.getByRole("form", { name: "Search and filter threats" }).id).toBe(
      toggle.getAttribute("aria-controls"),
    );
    await user.click(toggle);
    expect(
      screen.getByRole("button", { name: "Hide search and filters (2 in use)" }).getAttribute("aria-expanded"),
    ).toBe("true");
  });

  it("counts nothing in use under the default sort", () => {
    render(<ThreatFiltersBar filters={DEFAULT_FILTERS} onChange={vi.fn()} />);
    expect(screen.getByRole("button", { name: "Search and filters" }).textContent).toBe("Search and filters");
  });
});
