import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { renderRoute, stubApi } from "../../test/render-app";
import { AuthenticatorAppControl } from "./AccountSecuritySection";

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
