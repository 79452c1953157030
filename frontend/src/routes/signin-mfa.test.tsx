import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AccountSecuritySection } from "../features/settings/AccountSecuritySection";
import { renderRoute, stubApi } from "../test/render-app";
import SigninRoute from "./signin";

describe("sign-in with an authenticator app", () => {
  it("asks for the app's code after the password, says when it is wrong, and signs in with the right one", async () => {
    let attempts = 0;
    const { calls } = stubApi({
      "POST /api/login": { status: 200, body: { mfaRequired: true, username: "me@example.com", session: "s-1" } },
      "POST /api/auth/mfa-challenge": () =>
        ++attempts === 1
          ? {
              status: 400,
              body: { message: "That code is not right. Enter the current code from your authenticator app." },
            }
          : { status: 200, body: { user: { userId: "u-1" } } },
      "GET /api/auth/user": { status: 200, body: { userId: "u-1" } },
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(<SigninRoute />, { path: "/signin", route: "/signin?next=%2Fsettings" });
    await user.type(screen.getByLabelText("Email or phone number"), "me@example.com");
    await user.type(screen.getByLabelText("Password"), "Str0ng!pass");
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    const code = await screen.findByLabelText("Authenticator code");
    await user.type(code, "111111");
    await user.click(screen.getByRole("button", { name: "Verify and Sign In" }));
    expect(await screen.findByText(/That code is not right/)).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, "222222");
    await user.click(screen.getByRole("button", { name: "Verify and Sign In" }));
    expect(await screen.findByText("navigated away")).toBeInTheDocument();
    const answers = calls
      .filter((c) => c.path === "/api/auth/mfa-challenge")
      .map((c) => JSON.parse(String(c.init?.body)));
    expect(answers.at(-1)).toEqual({ username: "me@example.com", session: "s-1", code: "222222" });
  });
});

describe("Settings: sign-in and contact", () => {
  it("sets up the authenticator app: shows the key, confirms with a code, then offers to turn it off", async () => {
    let enabled = false;
    const { calls } = stubApi({
      "GET /api/auth/mfa": () => ({ status: 200, body: { enabled } }),
      "GET /api/auth/contact": { status: 200, body: { email: "me@example.com" } },
      "POST /api/auth/mfa/setup": {
        status: 200,
        body: { secret: "JBSWY3DPEHPK3PXP", otpauthUri: "otpauth://totp/LikenessGuard%3Ame?secret=JBSWY3DPEHPK3PXP" },
      },
      "POST /api/auth/mfa/enable": () => {
        enabled = true;
        return { status: 200, body: { enabled: true } };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(<AccountSecuritySection />);
    await user.click(await screen.findByRole("button", { name: "Set up authenticator app" }));
    // A sensitive change asks for the current password first, so an open session cannot make it alone.
    await user.type(
      screen.getByLabelText("Current password", { selector: "#totp-current-password" }),
      "Correct-horse-9",
    );
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("JBSWY3DPEHPK3PXP")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "this setup link" })).toHaveAttribute(
      "href",
      "otpauth://totp/LikenessGuard%3Ame?secret=JBSWY3DPEHPK3PXP",
    );
    await user.type(screen.getByLabelText("Code from the app"), "123456");
    await user.click(screen.getByRole("button", { name: "Turn On" }));
    expect(await screen.findByRole("button", { name: "Turn off authenticator app" })).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.path === "/api/auth/mfa/enable")?.init?.body))).toEqual({
      code: "123456",
    });
  });

  it("changes the email only once the code sent to the new one is entered, showing the old one until then", async () => {
    let email = "me@example.com";
    stubApi({
      "GET /api/auth/mfa": { status: 200, body: { enabled: false } },
      "GET /api/auth/contact": () => ({ status: 200, body: { email } }),
      "GET /api/auth/user": { status: 200, body: { userId: "u-1" } },
      "GET /api/profile": { status: 200, body: {} },
      "POST /api/auth/contact": { status: 200, body: { destination: "new@example.com" } },
      "POST /api/auth/contact/verify": () => {
        email = "new@example.com";
        return { status: 200, body: { email } };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(<AccountSecuritySection />);
    expect(await screen.findByText("me@example.com")).toBeInTheDocument();
    await user.type(screen.getByLabelText("New email address"), "new@example.com");
    await user.type(
      screen.getByLabelText("Current password", { selector: "#contact-current-password" }),
      "Correct-horse-9",
    );
    await user.click(screen.getByRole("button", { name: "Send Code" }));
    expect(await screen.findByText(/Until you enter it, your account keeps using me@example.com/)).toBeInTheDocument();
    await user.type(screen.getByLabelText("Code sent to the new email"), "654321");
    await user.click(screen.getByRole("button", { name: "Confirm Change" }));
    expect(await screen.findByText("new@example.com")).toBeInTheDocument();
  });
});
