import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { renderRoute, stubApi } from "../../test/render-app";
import { AuthenticatorAppControl, ContactControl, SignOutEverywhereControl } from "./AccountSecuritySection";

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DP";
const OTPAUTH_URI = `otpauth://totp/LikenessGuard:ada%40example.com?secret=${SECRET}&issuer=LikenessGuard`;

describe("Setting up an authenticator app", () => {
  it("shows a QR code of the setup link the API gave, beside the link and the key for manual entry", async () => {
    stubApi({
      "GET /api/auth/mfa": { status: 200, body: { enabled: false } },
      "POST /api/auth/mfa/setup": { status: 200, body: { secret: SECRET, otpauthUri: OTPAUTH_URI } },
    });
    renderRoute(<AuthenticatorAppControl />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole("button", { name: "Set up authenticator app" }));
    await user.type(screen.getByLabelText("Current password"), "Correct-horse-9");
    await user.click(screen.getByRole("button", { name: "Continue" }));

    const qr = await screen.findByRole("img", { name: /QR code to scan with your authenticator app/ });
    const src = qr.getAttribute("src") ?? "";
    expect(src.startsWith("data:image/svg+xml")).toBe(true);
    // Drawn locally from exactly this URI: the same picture the library makes for it, nothing fetched.
    const svg = decodeURIComponent(src.slice(src.indexOf(",") + 1));
    expect(svg).toBe(await QRCode.toString(OTPAUTH_URI, { type: "svg" }));
    expect(svg).not.toBe(await QRCode.toString(OTPAUTH_URI.replace(SECRET, "KRSXG5CTMVRXEZLU"), { type: "svg" }));

    expect(screen.getByRole("link", { name: "this setup link" })).toHaveAttribute("href", OTPAUTH_URI);
    expect(screen.getByText(SECRET)).toHaveClass("setup-key");
  });
});

describe("Sign-in security changes ask who is at the keyboard", () => {
  it("sends the current password and the app's current code with turning the authenticator off", async () => {
    const { calls } = stubApi({
      "GET /api/auth/mfa": { status: 200, body: { enabled: true } },
      "POST /api/auth/mfa/disable": { status: 200, body: { enabled: false } },
    });
    renderRoute(<AuthenticatorAppControl />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole("button", { name: "Turn off authenticator app" }));
    await user.click(screen.getByRole("button", { name: "Turn Off" }));
    expect(await screen.findByText("Enter your current password")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Current password"), "Correct-horse-9");
    await user.type(screen.getByLabelText("Current code from your authenticator app"), "123456");
    await user.click(screen.getByRole("button", { name: "Turn Off" }));
    await screen.findByRole("status").catch(() => undefined);
    const disable = calls.find((c) => c.method === "POST" && c.path === "/api/auth/mfa/disable");
    expect(JSON.parse(String(disable?.init?.body))).toEqual({
      currentPassword: "Correct-horse-9",
      currentCode: "123456",
    });
  });

  it("sends the current password with a new email address", async () => {
    const { calls } = stubApi({
      "GET /api/auth/mfa": { status: 200, body: { enabled: false } },
      "GET /api/auth/contact": { status: 200, body: { email: "ada@example.com" } },
      "POST /api/auth/contact": { status: 200, body: { destination: "new@example.com" } },
    });
    renderRoute(<ContactControl />);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText("New email address"), "new@example.com");
    await user.type(screen.getByLabelText("Current password"), "Correct-horse-9");
    await user.click(screen.getByRole("button", { name: "Send Code" }));
    expect(await screen.findByText(/We sent a 6-digit code to new@example.com/)).toBeInTheDocument();
    const request = calls.find((c) => c.method === "POST" && c.path === "/api/auth/contact");
    expect(JSON.parse(String(request?.init?.body))).toEqual({
      kind: "email",
      value: "new@example.com",
      currentPassword: "Correct-horse-9",
    });
  });
});

describe("Sign out of all devices", () => {
  it("asks the server to end every session, and shows its refusal when it cannot", async () => {
    const { calls } = stubApi({
      "POST /api/logout/everywhere": { status: 503, body: { message: "Sign-in is unavailable. Try again shortly." } },
    });
    renderRoute(<SignOutEverywhereControl />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("button", { name: "Sign out of all devices" }));
    expect(await screen.findByText("Sign-in is unavailable. Try again shortly.")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST" && c.path === "/api/logout/everywhere")).toHaveLength(1);
  });
});
