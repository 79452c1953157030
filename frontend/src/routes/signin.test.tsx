import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderRoute, stubApi } from "../test/render-app";
import SigninRoute from "./signin";

const PASSWORD = "Str0ng!pass";

async function signIn(route = "/signin") {
  const user = userEvent.setup({ delay: null });
  renderRoute(<SigninRoute />, { path: "/signin", route });
  await user.type(screen.getByLabelText("Email or phone number"), "me@example.com");
  await user.type(screen.getByLabelText("Password"), PASSWORD);
  await user.click(screen.getByRole("button", { name: "Sign In" }));
  return user;
}

describe("sign-in", () => {
  it("returns to the page the person was going to", async () => {
    const { calls } = stubApi({
      "POST /api/login": { status: 200, body: { user: { userId: "u-1" } } },
      "GET /api/auth/user": { status: 200, body: { userId: "u-1" } },
    });
    await signIn("/signin?next=%2Fsettings");
    expect(await screen.findByText("navigated away")).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.path === "/api/login")?.init?.body))).toEqual({
      username: "me@example.com",
      password: PASSWORD,
    });
  });

  it("finishes a pending sign-up right there: code field, a new code on request, confirm signs in", async () => {
    const { calls } = stubApi({
      "POST /api/login": {
        status: 403,
        body: { message: "Confirm your account with the 6-digit code we sent before signing in." },
      },
      "POST /api/auth/resend": {
        status: 200,
        body: { message: "If a sign-up is waiting for this email or phone number, a new code has been sent to it." },
      },
      "POST /api/auth/confirm": { status: 200, body: { user: { userId: "u-1" } } },
      "GET /api/auth/user": { status: 200, body: { userId: "u-1" } },
    });
    const user = await signIn();
    expect(await screen.findByRole("heading", { name: "Confirm your account" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send a new code" }));
    expect(await screen.findByText(/a new code has been sent/)).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.path === "/api/auth/resend")?.init?.body))).toEqual({
      username: "me@example.com",
    });
    await user.type(screen.getByLabelText("Verification code"), "123 456");
    await user.click(screen.getByRole("button", { name: "Confirm and sign in" }));
    expect(await screen.findByText("navigated away")).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.path === "/api/auth/confirm")?.init?.body))).toEqual({
      username: "me@example.com",
      code: "123456",
      password: PASSWORD,
    });
  });

  it("shows the server's reason for a wrong code and stays on the code field", async () => {
    stubApi({
      "POST /api/login": { status: 403, body: { message: "Confirm your account" } },
      "POST /api/auth/confirm": {
        status: 400,
        body: { message: "Incorrect verification code. Check the 6-digit code and try again." },
      },
    });
    const user = await signIn();
    await user.type(await screen.findByLabelText("Verification code"), "111111");
    await user.click(screen.getByRole("button", { name: "Confirm and sign in" }));
    expect(await screen.findByText(/Incorrect verification code/)).toBeInTheDocument();
    expect(screen.getByLabelText("Verification code")).toHaveValue("111111");
  });

  it("says a wrong password is wrong without offering a code", async () => {
    stubApi({ "POST /api/login": { status: 401, body: { message: "Incorrect username or password" } } });
    await signIn();
    expect(await screen.findByText("Incorrect username or password")).toBeInTheDocument();
    expect(screen.queryByLabelText("Verification code")).not.toBeInTheDocument();
  });

  it("links to forgot password, keeping where to return", async () => {
    stubApi({});
    renderRoute(<SigninRoute />, { path: "/signin", route: "/signin?next=%2Fsettings" });
    expect(screen.getByRole("link", { name: "Forgot password?" })).toHaveAttribute(
      "href",
      "/forgot-password?next=%2Fsettings",
    );
  });
});
