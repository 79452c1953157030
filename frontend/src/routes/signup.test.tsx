import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderRoute, stubApi } from "../test/render-app";
import SignupRoute from "./signup";

const STRONG = "Str0ng!pass";

async function toDetails(method: "Email" | "Phone") {
  const user = userEvent.setup({ delay: null });
  renderRoute(<SignupRoute />, { path: "/signup" });
  await user.click(screen.getByRole("button", { name: `Sign up with ${method}` }));
  return user;
}

describe("sign-up", () => {
  it("keeps the send button disabled until a contact is entered", async () => {
    stubApi({});
    const user = await toDetails("Email");
    const send = screen.getByRole("button", { name: "Send Verification Code" });
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText("Email address"), "me@example.com");
    expect(send).toBeEnabled();
  });

  it("states the password rule and refuses a weak password without calling the server", async () => {
    const { calls } = stubApi({});
    const user = await toDetails("Email");
    expect(screen.getByText(/At least 8 characters, with an upper-case letter/)).toBeInTheDocument();
    await user.type(screen.getByLabelText("Email address"), "me@example.com");
    await user.type(screen.getByLabelText("Password"), "short");
    await user.click(screen.getByRole("button", { name: "Send Verification Code" }));
    expect(screen.getByText("Password must be at least 8 characters.")).toBeInTheDocument();
    expect(calls.filter((c) => c.path === "/api/auth/signup")).toHaveLength(0);
  });

  it("says beside the field why a phone number cannot be used, and sends a written-out number plain", async () => {
    const { calls } = stubApi({
      "POST /api/auth/signup": { status: 200, body: { username: "u-1", destination: "+1***0123" } },
    });
    const user = await toDetails("Phone");
    const phone = screen.getByLabelText("Phone number");
    await user.type(phone, "07700 900123");
    await user.type(screen.getByLabelText("Password"), STRONG);
    await user.click(screen.getByRole("button", { name: "Send Verification Code" }));
    const problem = /This is not a number in the United States or Canada \(10 digits\)/;
    expect(screen.getByText(problem)).toBeInTheDocument();
    expect(phone).toHaveAccessibleDescription(expect.stringMatching(problem));
    expect(calls.filter((c) => c.path === "/api/auth/signup")).toHaveLength(0);
    await user.clear(phone);
    await user.type(phone, "+44 7700 900123");
    expect(screen.queryByText(problem)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Send Verification Code" }));
    expect(await screen.findByText("Verification Code Sent")).toBeInTheDocument();
    const body = JSON.parse(String(calls.find((c) => c.path === "/api/auth/signup")?.init?.body));
    expect(body.phone).toBe("+447700900123");
  });

  it("takes a national number as the default country's, and says beside the field which it assumes", async () => {
    const { calls } = stubApi({
      "POST /api/auth/signup": { status: 200, body: { username: "u-1", destination: "+1***0123" } },
    });
    const user = await toDetails("Phone");
    const phone = screen.getByLabelText("Phone number");
    expect(phone).toHaveAccessibleDescription(
      expect.stringMatching(/^Without a country code we take the number as one in the United States or Canada \(\+1\)/),
    );
    await user.type(phone, "(415) 555-0123");
    await user.type(screen.getByLabelText("Password"), STRONG);
    await user.click(screen.getByRole("button", { name: "Send Verification Code" }));
    expect(await screen.findByText("Verification Code Sent")).toBeInTheDocument();
    const body = JSON.parse(String(calls.find((c) => c.path === "/api/auth/signup")?.init?.body));
    expect(body.phone).toBe("+14155550123");
  });

  it("sends the code, strips non-digits from it and shows the server's reason for a wrong code", async () => {
    const { calls } = stubApi({
      "POST /api/auth/signup": { status: 200, body: { username: "u-1", destination: "m***@example.com" } },
      "POST /api/auth/confirm": { status: 400, body: { message: "Invalid verification code provided" } },
    });
    const user = await toDetails("Phone");
    await user.type(screen.getByLabelText("Phone number"), "+14155550123");
    await user.type(screen.getByLabelText("Password"), STRONG);
    await user.click(screen.getByRole("button", { name: "Send Verification Code" }));
    expect(await screen.findByText("Verification Code Sent")).toBeInTheDocument();
    const body = JSON.parse(String(calls.find((c) => c.path === "/api/auth/signup")?.init?.body));
    expect(body).toEqual({ method: "phone", phone: "+14155550123", password: STRONG });

    const code = screen.getByLabelText("Verification code");
    await user.type(code, "12a3-4567");
    expect(code).toHaveValue("123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Invalid Code")).toBeInTheDocument();
    expect(screen.getByText("Invalid verification code provided")).toBeInTheDocument();
  });

  it("confirms the account, says so and resends codes on request", async () => {
    stubApi({
      "POST /api/auth/signup": { status: 200, body: { username: "u-1", destination: "me@example.com" } },
      "POST /api/auth/resend": { status: 200, body: { message: "If a sign-up is waiting, a new code has been sent." } },
      "POST /api/auth/confirm": { status: 200, body: { user: { userId: "u-1" } } },
      "GET /api/auth/user": { status: 200, body: { userId: "u-1" } },
    });
    const user = await toDetails("Email");
    await user.type(screen.getByLabelText("Email address"), "me@example.com");
    await user.type(screen.getByLabelText("Password"), STRONG);
    await user.click(screen.getByRole("button", { name: "Send Verification Code" }));
    await user.click(await screen.findByRole("button", { name: /Resend/ }));
    expect(await screen.findByText("Code Resent")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Verification code"), "654321");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("heading", { name: "Account Created" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText("Account Created Successfully!")).toBeInTheDocument());
  });

  it("steps back from verify to details and from details to method", async () => {
    stubApi({ "POST /api/auth/signup": { status: 200, body: { username: "u-1", destination: "x" } } });
    const user = await toDetails("Email");
    await user.type(screen.getByLabelText("Email address"), "me@example.com");
    await user.type(screen.getByLabelText("Password"), STRONG);
    await user.click(screen.getByRole("button", { name: "Send Verification Code" }));
    await screen.findByLabelText("Verification code");
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByLabelText("Email address")).toHaveValue("me@example.com");
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByRole("button", { name: "Sign up with Email" })).toBeInTheDocument();
  });
});

describe("sign-up for an address that already has an account", () => {
  it("points to sign-in, where a sign-up that was never confirmed can be finished", async () => {
    stubApi({
      "POST /api/auth/signup": {
        status: 409,
        body: { message: "An account with this email or phone number already exists. Sign in instead." },
      },
    });
    const user = await toDetails("Email");
    await user.type(screen.getByLabelText("Email address"), "me@example.com");
    await user.type(screen.getByLabelText("Password"), STRONG);
    await user.click(screen.getByRole("button", { name: "Send Verification Code" }));
    expect(await screen.findByText(/already has an account/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/signin");
  });
});
