import type { MembershipTier } from "../table/entities.js";

/**
 * The no-login demo: one persona per tier, and the media its demo scan looks at. Paths are
 * relative to the demo media folder (DEMO_MEDIA_DIR: the labelled data set locally). Matching
 * items are other files of the enrolled identity; decoys are other people, so the demo's threat
 * list is what the detection engine really decides, not a fixed list.
 */
export interface DemoPersona {
  fullName: string;
  email: string;
  occupation: string;
  phoneNumber: string;
  followers?: string;
  company?: string;
  scanPreferences: { socialMedia: boolean; forums: boolean; adultSites: boolean; darkWeb: boolean };
}

export const DEMO_PERSONAS: Record<MembershipTier, DemoPersona> = {
  personal: {
    fullName: "Alex Rivera",
    email: "alex.rivera@demo.likenessguard.test",
    occupation: "Content Creator",
    phoneNumber: "+1 555 010 2040",
    followers: "48K followers",
    scanPreferences: { socialMedia: true, forums: true, adultSites: false, darkWeb: false },
  },
  professional: {
    fullName: "Jordan Blake",
    email: "jordan.blake@demo.likenessguard.test",
    occupation: "Chief Financial Officer",
    phoneNumber: "+1 555 010 3050",
    company: "Northwind Capital",
    scanPreferences: { socialMedia: true, forums: true, adultSites: true, darkWeb: false },
  },
  enterprise: {
    fullName: "Morgan Chen",
    email: "morgan.chen@demo.likenessguard.test",
    occupation: "Chief Executive Officer",
    phoneNumber: "+1 555 010 4060",
    company: "Helix Dynamics",
    scanPreferences: { socialMedia: true, forums: true, adultSites: true, darkWeb: true },
  },
};

/**
 * The personas' face is AI-generated (a ComfyUI example picture, SD 2 inpainting: labelled synthetic
 * in the data set), never a real person's: a demo must not put a public figure's face under an
 * invented name (issue 27). The demo says so beside the persona.
 */
export const DEMO_FACE = "provenance/comfyui-examples/inpaint/inpain_model_woman.png";

export const DEMO_ENROLMENT = {
  face: DEMO_FACE,
  voice: "spoof-audio/tortoise-tts/real/pat/1.wav",
};

export interface DemoItem {
  platform: string;
  path: string;
  url: string;
}

const item = (platform: string, path: string, slug: string): DemoItem => ({
  platform,
  path,
  url: `https://${platform}.example/demo/${slug}`,
});

// The persona's AI-generated portrait re-posted where impersonators spread it; the other pictures
// are other people, which the demo scan looks at and rightly does not match.
const PERSONAL: DemoItem[] = [
  item("instagram", DEMO_FACE, "post-2291"),
  item("twitter", "spoof-audio/tortoise-tts/cloned/pat/autoregressive_ml.mp3", "status-8812"),
  item("reddit", "faces/face_recognition/examples/knn_examples/train/biden/biden.jpg", "r-pics-771"),
];
const PROFESSIONAL: DemoItem[] = [
  ...PERSONAL,
  item("linkedin", DEMO_FACE, "posts-5521"),
  item("tiktok", "faces/face_recognition/examples/knn_examples/train/rose_leslie/img1.jpg", "video-1180"),
];
const ENTERPRISE: DemoItem[] = [...PROFESSIONAL, item("darkweb", DEMO_FACE, "market-listing-93")];

export const DEMO_ITEMS: Record<MembershipTier, DemoItem[]> = {
  personal: PERSONAL,
  professional: PROFESSIONAL,
  enterprise: ENTERPRISE,
};
