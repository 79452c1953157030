import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import SigninRoute from "../routes/signin";
import { renderRoute, stubApi } from "../test/render-app";
import { keepFormInput, useRestoreKeptInput } from "./kept-input";

/** A form as a page would have it: controlled fields, a password, a checkbox. */
function ProfileForm({ onRestored = () => undefined }: { onRestored?: () => void }) {
  useRestoreKeptInput(onRestored);
  const [city, setCity] = useState("");
  const [bio, setBio] = useState("");
  const [secret, setSecret] = useState("");
  const [public_, setPublic] = useState(false);
  return (
    <form>
      <input id="city" aria-label="City" value={city} onChange={(e) => setCity(e.target.value)} />
      <textarea name="bio" aria-label="Bio" value={bio} onChange={(e) => setBio(e.target.value)} />
      <input
        id="secret"
        type="password"
        aria-label="Password"
        value={secret}
        onChange={(e) => setSecret(e.target.value)}
      />
      <input
        id="public"
        type="checkbox"
        aria-label="Public"
        checked={public_}
        onChange={(e) => setPublic(e.target.checked)}
      />
      <output aria-label="State">{`${city}|${bio}|${secret}|${public_}`}</output>
    </form>
  );
}

afterEach(() => sessionStorage.clear());

describe("an expired session mid-form (issue 36 item 15)", () => {
  it("keeps what was typed (never the password) and fills it back on the same page after signing in", async () => {
    const user = userEvent.setup({ delay: null });
    const before = render(
      <MemoryRouter initialEntries={["/settings?tab=profile"]}>
        <ProfileForm />
      </MemoryRouter>,
    );
    await user.type(screen.getByLabelText("City"), "London");
    await user.type(screen.getByLabelText("Bio"), "Mathematician");
    await user.type(screen.getByLabelText("Password"), "hunter2");
    await user.click(screen.getByLabelText("Public"));
    expect(keepFormInput("/settings?tab=profile")).toBe(true);
    expect(sessionStorage.getItem("lg-kept-input")).not.toContain("hunter2");
    before.unmount();

    // Signed in again, the same page opens empty; what was kept comes back, once.
    const restored = vi.fn();
    render(
      <MemoryRouter initialEntries={["/settings?tab=profile"]}>
        <ProfileForm onRestored={restored} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByLabelText("State").textContent).toBe("London|Mathematician||true"));
    expect(restored).toHaveBeenCalledOnce();
    expect(sessionStorage.getItem("lg-kept-input")).toBeNull();
  });

  it("fills nothing into another page", async () => {
    render(
      <MemoryRouter initialEntries={["/people"]}>
        <ProfileForm />
      </MemoryRouter>,
    );
    sessionStorage.setItem(
      "lg-kept-input",
      JSON.stringify({ path: "/settings", fields: [{ key: "city", value: "London" }] }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByLabelText("State").textContent).toBe("|||false");
  });

  it("says on the sign-in page why it asks, and that the input is kept", () => {
    stubApi({});
    sessionStorage.setItem("lg-session-expired", "kept");
    renderRoute(<SigninRoute />);
    expect(
      screen.getByText(
        "Your session expired, so you need to sign in again. What you had typed is kept and filled back in on the page you were on.",
      ),
    ).toBeInTheDocument();
  });
});
