import { absoluteUrl, findAll, parseHtml, textOf } from "./html-document.js";

export interface PageMetadata {
  title: string;
  description: string;
  /** og:*, twitter:*, and named meta tags, as found. */
  meta: Record<string, string>;
  /** og:image/video/audio first, then img, video, audio and source tags, absolute and unique. */
  mediaUrls: string[];
  links: string[];
  text: string;
}

/** What a public page says about itself: Open Graph and Twitter cards, media tags, links, text. */
export function extractPageMetadata(html: string, pageUrl: string): PageMetadata {
  const doc = parseHtml(html);
  const meta: Record<string, string> = {};
  for (const el of findAll(doc, (e) => e.name === "meta")) {
    const key = el.attribs.property ?? el.attribs.name;
    if (key && el.attribs.content !== undefined && !(key in meta)) meta[key] = el.attribs.content;
  }
  const media: string[] = [];
  for (const key of ["og:image", "og:image:url", "og:video", "og:video:url", "og:audio", "twitter:image"]) {
    media.push(...[meta[key]].flatMap((v) => absoluteUrl(v, pageUrl) ?? []));
  }
  for (const el of findAll(doc, (e) => ["img", "video", "audio", "source"].includes(e.name))) {
    media.push(...[el.attribs.src, el.attribs.poster].flatMap((v) => absoluteUrl(v, pageUrl) ?? []));
  }
  const links = findAll(doc, (e) => e.name === "a").flatMap((a) => absoluteUrl(a.attribs.href, pageUrl) ?? []);
  const body = findAll(doc, (e) => e.name === "body")[0];
  for (const el of findAll(doc, (e) => e.name === "script" || e.name === "style")) el.children = [];
  return {
    title: meta["og:title"] ?? textOf(findAll(doc, (e) => e.name === "title")[0]),
    description: meta["og:description"] ?? meta.description ?? "",
    meta,
    mediaUrls: [...new Set(media)],
    links: [...new Set(links.map((l) => l.split("#")[0] ?? l))],
    text: textOf(body ?? doc),
  };
}
