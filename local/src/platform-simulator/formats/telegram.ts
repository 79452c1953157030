import type { SimItem } from "../scenario.js";
import { escapeHtml, params, type SimContext, sendHtml } from "../sim-context.js";
import type { FormatRoute } from "./route.js";

const message = (ctx: SimContext, i: SimItem) => {
  const m = i.media[0];
  const media =
    m?.kind === "audio"
      ? `<audio class="tgme_widget_message_voice js-message_voice" src="${ctx.mediaUrl(i)}"></audio>`
      : m?.kind === "video"
        ? `<video class="tgme_widget_message_video js-message_video" src="${ctx.mediaUrl(i)}"></video>`
        : `<a class="tgme_widget_message_photo_wrap" href="${ctx.base("telegram")}/${i.channel}/${i.no}" style="width:800px;background-image:url('${ctx.mediaUrl(i)}')"></a>`;
  return `<div class="tgme_widget_message_wrap js-widget_message_wrap"><div class="tgme_widget_message text_not_supported_wrap js-widget_message" data-post="${i.channel}/${i.no}">
<div class="tgme_widget_message_user"><a href="${ctx.base("telegram")}/${i.channel}"><i class="tgme_widget_message_user_photo bgcolor1"><img src="${ctx.avatarUrl(i.author)}"></i></a></div>
<div class="tgme_widget_message_bubble"><div class="tgme_widget_message_author accent_color"><a class="tgme_widget_message_owner_name" href="${ctx.base("telegram")}/${i.channel}"><span dir="auto">${escapeHtml(i.author.displayName)}</span></a></div>
${media}<div class="tgme_widget_message_text js-message_text" dir="auto">${escapeHtml(i.text)}</div>
<div class="tgme_widget_message_footer compact js-message_footer"><div class="tgme_widget_message_info short js-message_info"><span class="tgme_widget_message_views">1.2K</span><span class="tgme_widget_message_meta"><a class="tgme_widget_message_date" href="${ctx.base("telegram")}/${i.channel}/${i.no}"><time datetime="${i.postedAt}" class="time">12:00</time></a></span></div></div></div></div></div>`;
};

/** Telegram public channel preview pages: /s/<channel> (?before= paging) and /<channel>/<id>?embed=1. */
export const telegramRoute: FormatRoute = (ctx, { path, query, res }) => {
  const channel = params(path, /^\/s\/([^/]+)$/);
  if (channel) {
    const name = channel[0]!;
    if (!ctx.scenario.channels.telegram.includes(name))
      return sendHtml(res, "<html><body>Channel not found</body></html>", 404);
    const all = ctx
      .itemsOf("telegram")
      .filter((i) => i.channel === name)
      .sort((a, b) => a.no - b.no);
    const before = Number(query.get("before") ?? Number.POSITIVE_INFINITY);
    const older = all.filter((i) => i.no < before);
    const page = older.slice(-10);
    const prev =
      older.length > page.length && page[0] ? `<link rel="prev" href="/s/${name}?before=${page[0].no}">` : "";
    return sendHtml(
      res,
      `<!DOCTYPE html><html><head><meta property="og:title" content="${name}">${prev}</head><body>
<div class="tgme_channel_info"><div class="tgme_channel_info_header"><i class="tgme_page_photo_image bgcolor2"><img src="${all[0] ? ctx.avatarUrl(all[0].author) : ""}"></i><div class="tgme_channel_info_header_title"><span dir="auto">${escapeHtml(name.replace(/_/g, " "))}</span></div><div class="tgme_channel_info_header_username"><a href="${ctx.base("telegram")}/${name}">@${name}</a></div></div><div class="tgme_channel_info_description">Public channel ${escapeHtml(name)}</div></div>
<section class="tgme_channel_history js-message_history">${page.map((i) => message(ctx, i)).join("\n")}</section></body></html>`,
    );
  }
  const one = params(path, /^\/([^/]+)\/(\d+)$/);
  if (one) {
    const item = ctx.item("telegram", one[1]!);
    if (!item || item.channel !== one[0]) return sendHtml(res, "<html><body>Post not found</body></html>", 404);
    return sendHtml(res, `<!DOCTYPE html><html><body class="widget_frame_base">${message(ctx, item)}</body></html>`);
  }
  return false;
};
