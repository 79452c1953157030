import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { CodeField } from "./CodeField";
import { TextField } from "./TextField";

afterEach(cleanup);

function CodeHarness() {
  const [code, setCode] = useState("");
  return <CodeField id="code" label="Verification code" value={code} onChange={setCode} />;
}

describe("TextField", () => {
  it("reads its hint and its own error out with the input, and marks it invalid only while in error", () => {
    const { rerender } = render(<TextField id="pw" label="Password" hint="At least 8 characters." />);
    const input = screen.getByRole("textbox", { name: "Password" });
    expect(input).toHaveAccessibleDescription("At least 8 characters.");
    expect(input).not.toHaveAttribute("aria-invalid");

    rerender(<TextField id="pw" label="Password" hint="At least 8 characters." error="Password needs a digit." />);
    expect(input).toHaveAccessibleDescription("At least 8 characters. Password needs a digit.");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("alert")).toHaveTextContent("Password needs a digit.");
  });

  it("is also described by a form's error shown elsewhere, without being marked invalid by it", () => {
    render(
      <>
        <TextField id="user" label="Email or phone number" describedBy="form-error" />
        <p id="form-error">Enter your email or phone number.</p>
      </>,
    );
    const input = screen.getByRole("textbox", { name: "Email or phone number" });
    expect(input).toHaveAccessibleDescription("Enter your email or phone number.");
    expect(input).not.toHaveAttribute("aria-invalid");
  });
});

describe("CodeField", () => {
  it("keeps only the first six digits of what is typed or pasted, and offers the one-time-code autofill", async () => {
    render(<CodeHarness />);
    const input = screen.getByRole("textbox", { name: "Verification code" });
    expect(input).toHaveAttribute("autocomplete", "one-time-code");
    expect(input).toHaveAttribute("inputmode", "numeric");
    await userEvent.setup().type(input, "12 3-45a67");
    expect(input).toHaveValue("123456");
  });
});
