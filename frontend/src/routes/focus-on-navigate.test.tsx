import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "../api/query-client";
import { stubApi } from "../test/render-app";
import { AppRoutes } from "./AppRoutes";

/**
 * The first Tab on a page that was just opened reaches the skip link and the navigation: focus moves
 * to the main landmark only after a navigation inside the app (issue 36 item 20).
 */
describe("focus on navigation", () => {
  it("leaves focus at the top on the first load, and moves it to main after a navigation", async () => {
    stubApi({ "GET /api/auth/user": { status: 200, body: null } });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={["/pricing"]}>
          <AppRoutes />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findAllByRole("heading", { level: 1 }, { timeout: 5000 });
    expect(document.activeElement?.id).not.toBe("main");
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getAllByRole("link", { name: "Features" })[0] as HTMLElement);
    await screen.findByRole(
      "heading",
      { level: 1, name: "Everything you need to own your likeness" },
      { timeout: 5000 },
    );
    expect(document.activeElement?.id).toBe("main");
  });
});
