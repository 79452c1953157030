import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderRoute, stubApi } from "../../test/render-app";
import { UploadWidget } from "./UploadWidget";

const VOICE = ["audio/wav", "audio/x-wav", "audio/webm", "audio/ogg", "audio/mpeg", "audio/mp4", "audio/flac"];
const REFUSAL = "This file is a picture, not a recording: upload a WAV, WebM, Ogg, MP3, M4A or FLAC recording";

describe("the upload control's errors (issue 36 item 23)", () => {
  it("shows only the latest error: a refused new file replaces the last upload's failure", async () => {
    stubApi({ "POST /api/upload/voice": { status: 415, body: { message: REFUSAL } } });
    renderRoute(<UploadWidget kind="voice" label="Voice recording" accept={VOICE} onComplete={() => {}} />);
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText("Voice recording");

    // A picture labelled as audio passes the browser's check; the server refuses it.
    await user.upload(input, new File(["x"], "me.wav", { type: "audio/wav" }));
    const errors = () => [...document.querySelectorAll(".dropzone .field-error")].map((e) => e.textContent);
    await waitFor(() => expect(errors()).toEqual([`Failed to get upload URL: ${REFUSAL}`]));

    await user.upload(input, new File(["x"], "notes.pdf", { type: "application/pdf" }));
    expect(errors()).toEqual(["notes.pdf cannot be used here: choose a WAV, WebM, Ogg, MP3, M4A or FLAC file"]);
  });

  it("names the accepted formats in words, not media types", () => {
    stubApi({});
    renderRoute(<UploadWidget kind="voice" label="Voice recording" accept={VOICE} onComplete={() => {}} />);
    expect(screen.getByText("1 file, up to 10 MB: WAV, WebM, Ogg, MP3, M4A or FLAC")).toBeTruthy();
    expect(document.body.textContent).not.toContain("audio/");
  });
});
