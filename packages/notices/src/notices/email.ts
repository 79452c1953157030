import { htmlDocument, textToHtmlParagraphs } from "../text/html.js";
import type { Notice } from "./types.js";

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** The notice as an email with a plain-text and an HTML part carrying the same words. */
export function renderNoticeEmail(notice: Pick<Notice, "subject" | "text">): RenderedEmail {
  return {
    subject: notice.subject,
    text: notice.text,
    html: htmlDocument(notice.subject, textToHtmlParagraphs(notice.text)),
  };
}
