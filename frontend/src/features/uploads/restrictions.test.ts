import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES, restrictionErrors } from "./restrictions";

const rules = { maxFileSize: MAX_UPLOAD_BYTES, maxNumberOfFiles: 1, allowedFileTypes: ["image/jpeg", "image/png"] };
const file = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type });

describe("upload restrictions", () => {
  it("accepts one image up to 10 MB", () => {
    expect(restrictionErrors([file("me.jpg", MAX_UPLOAD_BYTES, "image/jpeg")], [], rules)).toEqual([]);
  });

  it("refuses a file over 10 MB, a second file and a wrong type", () => {
    const errors = restrictionErrors(
      [file("big.jpg", MAX_UPLOAD_BYTES + 1, "image/jpeg"), file("doc.pdf", 10, "application/pdf")],
      [],
      rules,
    );
    expect(errors).toContain("You can only upload 1 file");
    expect(errors).toContain("big.jpg exceeds maximum allowed size of 10 MB");
    expect(errors).toContain("doc.pdf cannot be used here: choose a JPEG or PNG file");
  });

  it("lists at most four restrictions and summarises the rest", () => {
    const many = Array.from({ length: 4 }, (_, i) => file(`f${i}.gif`, 1, "image/gif"));
    const errors = restrictionErrors(many, [], rules);
    expect(errors).toHaveLength(5);
    expect(errors[4]).toBe("and 1 more restriction");
  });
});
