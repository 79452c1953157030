import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderRoute, stubApi } from "../test/render-app";
import UndoChangeRoute from "./undo-change";

afterEach(() => {
  window.location.hash = "";
});

describe("the undo link of a sign-in security notice", () => {
  it("undoes nothing until the person clicks, then posts the token from the fragment and says what was undone", async () => {
    window.location.hash = "#user-1.secret-abc";
    const { calls } = stubApi({ "POST /api/auth/undo-change": { status: 200, body: { undone: "email" } } });
    renderRoute(<UndoChangeRoute />);
    expect(calls).toEqual([]);
    await userEvent.setup({ delay: null }).click(screen.getByRole("button", { name: "Undo the change" }));
    expect(await screen.findByText(/Your old email address is back/)).toBeInTheDocument();
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ token: "user-1.secret-abc" });
    expect(screen.getByRole("link", { name: "reset your password" })).toHaveAttribute("href", "/forgot-password");
  });

  it("shows the server's answer for a used or expired link", async () => {
    window.location.hash = "#user-1.used";
    stubApi({
      "POST /api/auth/undo-change": { status: 400, body: { message: "This link has expired or was already used." } },
    });
    renderRoute(<UndoChangeRoute />);
    await userEvent.setup({ delay: null }).click(screen.getByRole("button", { name: "Undo the change" }));
    expect(await screen.findByText("This link has expired or was already used.")).toBeInTheDocument();
  });
});
