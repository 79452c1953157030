import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "../api/query-client";
import { stubApi } from "../test/render-app";
import { AppRoutes } from "./AppRoutes";

/** Where the app is, and the browser's own Back button. */
function Browser() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="Location">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

describe("the setup wizard and the browser's Back button (issue 36 item 15)", () => {
  it("goes back to the previous step, inside the wizard", async () => {
    stubApi({ "GET /api/auth/user": { status: 401, body: { message: "Unauthorized" } } });
    const user = userEvent.setup({ delay: null });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={["/", "/onboarding?demo=personal"]} initialIndex={1}>
          <AppRoutes />
          <Routes>
            <Route path="*" element={<Browser />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText("Step 1 of 7", {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Step 2 of 7", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByLabelText("Location").textContent).toBe("/onboarding?demo=personal&step=identity");
    await user.click(screen.getByRole("button", { name: "Browser back" }));
    await waitFor(() => expect(screen.getByLabelText("Location").textContent).toBe("/onboarding?demo=personal"));
    expect(await screen.findByText("Step 1 of 7", {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
