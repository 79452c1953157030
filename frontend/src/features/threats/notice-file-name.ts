/** A downloaded notice is named for what it is: only a copyright notice is called "dmca". */
const STEMS: Record<string, string> = {
  dmca: "dmca",
  take_it_down: "take-it-down",
  dsa_article_16: "dsa-article-16",
  platform_report: "platform-report",
  none: "referral",
};

export function noticeFileName(route: string | undefined, threatId: string): string {
  return `${(route && STEMS[route]) ?? "notice"}-${threatId}.txt`;
}
