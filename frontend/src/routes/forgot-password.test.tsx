import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderRoute, stubApi } from "../test/render-app";
import ForgotPasswordRoute from "./forgot-password";

const SENT = "If an account uses this email or phone number, a 6-digit code to reset its password has been sent to it.";

async function requestCode() {
  const user = userEvent.setup({ delay: null });
  renderRoute(<ForgotPasswordRoute />, { path: "/forgot-password", route: "/forgot-password?next=%2Fsettings" });
  await user.type(screen.getByLabelText("Email or phone number"), " me@example.com ");
  await user.click(screen.getByRole("button", { name: "Send reset code" }));
  return user;
}

describe("forgot password", () => {
  it("shows the server's answer (the same for any address), then resets with the code and signs in", async () => {
    const { calls } = stubApi({
      "POST /api/auth/forgot-password": { status: 200, body: { message: SENT } },
      "POST /api/auth/reset-password": { status: 200, body: { user: { userId: "u-1" } } },
      "GET /api/auth/user": { status: 200, body: { userId: "u-1" } },
    });
    const user = await requestCode();
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ username: "me@example.com" });
    await user.type(screen.getByLabelText("Reset code"), "654321");
    await user.type(screen.getByLabelText("New password"), "N3w!password");
    await user.click(screen.getByRole("button", { name: "Set new password and sign in" }));
    expect(await screen.findByText("navigated away")).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.path === "/api/auth/reset-password")?.init?.body))).toEqual({
      username: "me@example.com",
      code: "654321",
      password: "N3w!password",
    });
  });

  it("refuses a weak new password before asking the server and shows the server's reason for a wrong code", async () => {
    const { calls } = stubApi({
      "POST /api/auth/forgot-password": { status: 200, body: { message: SENT } },
      "POST /api/auth/reset-password": {
        status: 400,
        body: { message: "Incorrect or expired code. Check the 6-digit code, or request a new one." },
      },
    });
    const user = await requestCode();
    await user.type(await screen.findByLabelText("Reset code"), "654321");
    await user.type(screen.getByLabelText("New password"), "weak");
    await user.click(screen.getByRole("button", { name: "Set new password and sign in" }));
    expect(screen.getByText("Password must be at least 8 characters.")).toBeInTheDocument();
    expect(calls.filter((c) => c.path === "/api/auth/reset-password")).toHaveLength(0);
    await user.clear(screen.getByLabelText("New password"));
    await user.type(screen.getByLabelText("New password"), "N3w!password");
    await user.click(screen.getByRole("button", { name: "Set new password and sign in" }));
    expect(await screen.findByText(/Incorrect or expired code/)).toBeInTheDocument();
  });

  it("sends a new code on request", async () => {
    const { calls } = stubApi({ "POST /api/auth/forgot-password": { status: 200, body: { message: SENT } } });
    const user = await requestCode();
    await user.click(await screen.findByRole("button", { name: "Send a new code" }));
    await screen.findByText(SENT);
    expect(calls.filter((c) => c.path === "/api/auth/forgot-password")).toHaveLength(2);
  });
});
