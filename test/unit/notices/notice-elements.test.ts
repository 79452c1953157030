import {
  composeNotice,
  defaultRecipientDirectory,
  noticeFileName,
  planDelivery,
  RecipientDirectory,
} from "@lg/notices";
import { describe, expect, it } from "vitest";
import { threatClassification } from "../../support/threat-classification.js";
import { EVIDENCE_SHA256, noticeInput, threat } from "./fixtures.js";
import {
  clonedVoice,
  genuineRecording,
  genuineReupload,
  impersonator,
  intimateReal,
  intimateSynthetic,
} from "./fixtures-evidence.js";

const directory = defaultRecipientDirectory();

describe("DMCA notice", () => {
  const notice = composeNotice(noticeInput(), directory);

  it("is chosen for a deepfake of the person's own photo on a US platform", () => {
    expect(notice.route).toBe("dmca");
  });

  it("carries the signature of the person (512(c)(3)(A)(i))", () => {
    expect(notice.elements.signature).toContain("/Ada Moreno/");
    expect(notice.text).toContain("/Ada Moreno/ (electronic signature)");
  });

  it("identifies the copyrighted work: the person's own enrolled photo (ii)", () => {
    expect(notice.elements.work).toContain("original photograph of me, Ada Moreno, which I made or own");
    expect(notice.elements.work).toContain("(reference face-1)");
    expect(notice.elements.work).toContain("2026-10-01");
    expect(notice.elements.work).toContain("Selfie I took in 2025");
  });

  it("identifies the infringing material with its URL (iii)", () => {
    expect(notice.elements.infringingMaterial).toContain("URL: https://www.youtube.com/watch?v=fake123");
    expect(notice.elements.infringingMaterial).toContain("remove it or disable access");
  });

  it("gives contact details: address, telephone and email (iv)", () => {
    expect(notice.elements.contact).toContain("12 Harbor Street, San Francisco, US");
    expect(notice.elements.contact).toContain("+1 415 555 0100");
    expect(notice.elements.contact).toContain("ada.moreno@example.com");
  });

  it("has the good-faith statement (v)", () => {
    expect(notice.elements.goodFaith).toMatch(/good faith belief that use of the material .* is not authorized/);
  });

  it("has the accuracy statement and authority under penalty of perjury (vi)", () => {
    expect(notice.elements.accuracy).toContain("information in this notification is accurate");
    expect(notice.elements.accuracy).toContain("under penalty of perjury");
    expect(notice.elements.accuracy).toContain("authorized to act on behalf of the owner");
  });

  it("includes the evidence hash and capture time", () => {
    expect(notice.elements.evidence).toContain(EVIDENCE_SHA256);
    expect(notice.elements.evidence).toContain("2026-11-20T10:15:00.000Z");
  });

  it("has every element in the text the person downloads, and is named for the threat id", () => {
    for (const body of Object.values(notice.elements)) expect(notice.text).toContain(body);
    expect(noticeFileName(notice.threatId)).toBe("takedown-notice-01JTHREAT0000000000000000A.txt");
  });

  it("signs as an authorised agent, naming the person represented", () => {
    const agent = composeNotice(
      noticeInput({ signer: { kind: "authorised_agent", fullName: "Sam Lee", capacity: "Counsel, Lee LLP" } }),
      directory,
    );
    expect(agent.elements.signature).toContain("/Sam Lee/");
    expect(agent.elements.signature).toContain("on behalf of Ada Moreno (Counsel, Lee LLP)");
  });
});

describe("TAKE IT DOWN Act request", () => {
  const notice = composeNotice(noticeInput({ threat: intimateSynthetic() }), directory);

  it("is chosen for intimate imagery", () => {
    expect(notice.route).toBe("take_it_down");
  });

  it("carries the signature", () => {
    expect(notice.elements.signature).toContain("/Ada Moreno/");
  });

  it("identifies and locates the depiction, calling a deepfake a digital forgery", () => {
    expect(notice.elements.identification).toContain("intimate visual depiction of me, Ada Moreno");
    expect(notice.elements.identification).toContain("digital forgery");
    expect(notice.elements.identification).toContain("https://www.youtube.com/watch?v=fake123");
  });

  it("states good-faith belief of non-consent", () => {
    expect(notice.elements.nonConsent).toContain("good faith belief");
    expect(notice.elements.nonConsent).toContain("not consensual");
    expect(notice.elements.nonConsent).toContain("did not consent to its publication");
  });

  it("gives contact information and asks for removal within 48 hours", () => {
    expect(notice.elements.contact).toContain("ada.moreno@example.com");
    expect(notice.elements.removalDeadline).toContain("48 hours");
  });

  it("does not call real intimate imagery a forgery", () => {
    const real = composeNotice(noticeInput({ threat: intimateReal() }), directory);
    expect(real.route).toBe("take_it_down");
    expect(real.elements.identification).not.toContain("forgery");
  });
});

describe("DSA Article 16 notice", () => {
  const eu = noticeInput();
  const notice = composeNotice({ ...eu, person: { ...eu.person, country: "Germany" } }, directory);

  it("is chosen for a person living in the EU", () => {
    expect(notice.route).toBe("dsa_article_16");
  });

  it("has a substantiated explanation of why the content is illegal (a)", () => {
    expect(notice.elements.explanation).toContain("without my consent");
    expect(notice.elements.explanation).toContain("GDPR");
    expect(notice.elements.explanation).toContain("(our matcher rates it a strong match, 93%)");
  });

  it("gives the exact URL (b)", () => {
    expect(notice.elements.location).toContain("URL: https://www.youtube.com/watch?v=fake123");
  });

  it("gives name and email (c)", () => {
    expect(notice.elements.identity).toBe("Name: Ada Moreno\nEmail: ada.moreno@example.com");
  });

  it("has the bona fide statement (d)", () => {
    expect(notice.elements.bonaFide).toContain("bona fide belief");
    expect(notice.elements.bonaFide).toContain("accurate and complete");
  });
});

describe("no channel", () => {
  it("keeps the evidence and gives a law-enforcement referral for the dark web", () => {
    const notice = composeNotice(
      noticeInput({ threat: threat({ platform: "darkweb", url: "http://abc.onion/x" }) }),
      directory,
    );
    expect(notice.route).toBe("none");
    expect(notice.recipient.kind).toBe("none");
    expect(notice.elements.evidence).toContain(EVIDENCE_SHA256);
    expect(notice.elements.referral).toContain("police");
  });
});

describe("rendered notices", () => {
  it("carry no biometric or detection data", () => {
    for (const country of ["US", "FR"]) {
      for (const detection of [{}, { intimate: true }]) {
        const base = noticeInput();
        const notice = composeNotice(
          {
            ...base,
            person: { ...base.person, country },
            threat: threat({ detection: { ...detection, embedding: [0.12, 0.34], faceSimilarity: 0.87 } }),
          },
          directory,
        );
        expect(notice.text).not.toMatch(/embedding|0\.12|0\.87|faceSimilarity|a1b2c3d4e5f60718/);
      }
    }
  });
});

describe("DSA explanation", () => {
  const eu = noticeInput();
  const person = { ...eu.person, country: "IE" };

  it("claims copyright only where the person has not denied owning the work", () => {
    expect(composeNotice({ ...eu, person }, directory).elements.explanation).toContain("(copyright)");
    const denied = composeNotice({ ...eu, person, confirmations: { ownsWork: false, accurate: true } }, directory);
    expect(denied.route).toBe("dsa_article_16");
    expect(denied.elements.explanation).not.toContain("(copyright)");
  });

  it("names impersonation, and non-consensual intimate imagery on an EU-only platform, as grounds", () => {
    const impersonation = composeNotice({ ...eu, person, threat: threat({ threatType: "impersonation" }) }, directory);
    expect(impersonation.elements.explanation).toContain("impersonates me");

    const euOnly = RecipientDirectory.parse({
      version: 1,
      platforms: [
        {
          ...directory.find("pornhub"),
          platformId: "eu-tube",
          jurisdiction: { usCovered: false, euHosted: true },
        },
      ],
    });
    const intimate = composeNotice({ ...eu, person, threat: intimateSynthetic({ platform: "eu-tube" }) }, euOnly);
    expect(intimate.route).toBe("dsa_article_16");
    expect(intimate.elements.explanation).toContain("Directive (EU) 2024/1385");
  });
});

describe("every factual statement comes from the threat's stored evidence", () => {
  const withoutClaim = { ...noticeInput(), copyrightClaim: undefined, confirmations: {} };

  it("reports a genuine re-upload as the person's likeness used without consent, never as fake", () => {
    const notice = composeNotice(
      { ...withoutClaim, threat: genuineReupload({ title: "Deepfake detected!" }) },
      directory,
    );
    expect(notice.route).toBe("platform_report");
    expect(notice.text).toContain("No synthetic-media evidence was found; this notice does not claim it is fake.");
    expect(notice.text).toContain("right of publicity");
    // The statements (not the channel's own label, which may name what it covers).
    expect(Object.values(notice.elements).join("\n")).not.toMatch(
      /deepfake|forgery|AI-generated|synthetic \(|copyright/i,
    );
    // The product's own title is never quoted as the content's title.
    expect(notice.text).not.toContain("Deepfake detected!");
  });

  it("quotes the content's own title as published and states the detector's reliability in plain words", () => {
    const found = syntheticFaceWithEvidence();
    const notice = composeNotice({ ...withoutClaim, threat: found }, directory);
    expect(notice.text).toContain("Title as published: My holiday pictures");
    expect(notice.text).not.toContain("Synthetic media showing your face");
    expect(notice.text).toContain("(an AI-generated-image detector)");
    // The signal and its measured rate in one plain sentence.
    expect(notice.text).toContain(
      "Automated synthetic-media detection found it to be AI-generated or manipulated (an AI-generated-image detector), score 91%; in our tests, at the setting used, it wrongly flagged 0.6% of 311 genuine pictures.",
    );
    // A platform's reviewer reads neither our detector ids nor where we measured them.
    expect(notice.text).not.toMatch(/ai-image|held-out split|measured on/);
  });

  it("never says synthetic, deepfake or AI-generated for a reading below the 'synthetic' level", () => {
    const below = (status: "possibly-synthetic" | "synthetic", falsePositiveRate: number) => {
      const base = syntheticFaceWithEvidence();
      const classification = base.classification as NonNullable<typeof base.classification>;
      return threat({
        threatType: "likeness_misuse",
        title: "Your face used without consent",
        classification: {
          ...classification,
          type: "likeness_misuse",
          severity: "medium",
          synthetic: {
            ...classification.synthetic,
            status,
            operatingPoint: { ...classification.synthetic.operatingPoint!, falsePositiveRate },
          },
        },
      });
    };
    // The engine's "possibly", and a stored "synthetic" whose point errs on more than 1% of genuine pictures.
    for (const found of [below("possibly-synthetic", 0.048), below("synthetic", 0.015)]) {
      const notice = composeNotice({ ...withoutClaim, threat: found }, directory);
      expect(notice.text).toContain("This notice makes no claim about how the material was made.");
      expect(Object.values(notice.elements).join("\n")).not.toMatch(
        /synthetic|deepfake|AI-generated|forgery|manipulated|wrongly flagged/i,
      );
    }
  });

  it("says the evidence package holds only what it keeps: the media, page.json and detection.json, no screenshot", () => {
    const notice = composeNotice({ ...withoutClaim, threat: syntheticFaceWithEvidence() }, directory);
    expect(notice.text).toContain("the captured media, a record of the page where it was found and when (page.json)");
    expect(notice.text).not.toMatch(/screenshot/i);
  });

  it("calls a cloned voice synthetic only on the countermeasure's reading, and a genuine recording not at all", () => {
    expect(composeNotice({ ...withoutClaim, threat: clonedVoice() }, directory).text).toContain(
      "Automated synthetic-media detection found it to be AI-generated or manipulated (a cloned-voice detector",
    );
    const genuine = composeNotice({ ...withoutClaim, threat: genuineRecording() }, directory).text;
    expect(genuine).toContain(
      "A recording of a voice that matches my voice (our matcher rates it a strong match, 95%).",
    );
    expect(genuine).not.toMatch(/clone|synthetic imitation/i);
  });

  it("describes an impersonating account by its handle and imitated name", () => {
    const text = composeNotice({ ...withoutClaim, threat: impersonator() }, directory).text;
    expect(text).toContain('An account @ada_m0reno presents itself under a name like "Ada Moreno"');
  });

  it("hands a web form its fields with the text to paste into each", () => {
    const notice = composeNotice({ ...withoutClaim, threat: genuineReupload({ platform: "youtube" }) }, directory);
    const input = {
      ...withoutClaim,
      threat: genuineReupload({ platform: "youtube" }),
      confirmations: { goodFaith: true, accurate: true },
    };
    const delivery = planDelivery(notice, input);
    expect(delivery.kind).toBe("web_form");
    if (delivery.kind !== "web_form") return;
    expect(delivery.fields.map((f) => f.label)).toEqual(
      expect.arrayContaining(["Full name", "Email", "URL of the content", "What is wrong", "Signature"]),
    );
    expect(delivery.fields.find((f) => f.label === "URL of the content")?.value).toBe(threat().url);
  });
});

function syntheticFaceWithEvidence() {
  return threat({
    threatType: "deepfake",
    title: "Synthetic media showing your face",
    classification: threatClassification("deepfake", {
      confidence: 93,
      syntheticDetector: { id: "ai-image", falsePositiveRate: 0.006, genuineCount: 311, score: 0.91 },
      found: { title: "My holiday pictures", url: threat().url },
    }),
  });
}
