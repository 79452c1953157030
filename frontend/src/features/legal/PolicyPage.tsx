import type { ReactNode } from "react";
import type { PolicySection } from "../../content/legal";
import { Main } from "../../ui/Page";
import { PublicHeader } from "../layout/PublicHeader";
import { SiteFooter } from "../layout/SiteFooter";

/** A public policy page: a title, what it covers, its sections, and anything a section list cannot hold (a table). */
export function PolicyPage({
  title,
  lead,
  sections,
  children,
}: {
  title: string;
  lead: string;
  sections: PolicySection[];
  children?: ReactNode;
}) {
  return (
    <>
      <PublicHeader />
      <Main className="container narrow section policy">
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
        {sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </section>
        ))}
        {children}
      </Main>
      <SiteFooter />
    </>
  );
}
