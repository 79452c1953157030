import { DomUtils, parseDocument } from "htmlparser2";

export type HtmlElement = ReturnType<typeof DomUtils.findAll>[number];
export type HtmlDocument = ReturnType<typeof parseDocument>;

export const parseHtml = (html: string): HtmlDocument => parseDocument(html, { decodeEntities: true });

export function findAll(root: HtmlDocument | HtmlElement, test: (el: HtmlElement) => boolean): HtmlElement[] {
  return DomUtils.findAll(test, [root]);
}

export function hasClass(el: HtmlElement, name: string): boolean {
  return (el.attribs.class ?? "").split(/\s+/).includes(name);
}

export function byClass(root: HtmlDocument | HtmlElement, name: string): HtmlElement[] {
  return findAll(root, (el) => hasClass(el, name));
}

export function textOf(node: HtmlDocument | HtmlElement | undefined): string {
  return node ? DomUtils.textContent(node).replace(/\s+/g, " ").trim() : "";
}

/** Absolute URL or undefined for empty, javascript: and data: values. */
export function absoluteUrl(value: string | undefined, base: string): string | undefined {
  if (!value || /^(javascript|data|mailto):/i.test(value.trim())) return undefined;
  try {
    return new URL(value.trim(), base).href;
  } catch {
    return undefined;
  }
}
