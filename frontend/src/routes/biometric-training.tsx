import type { ReportedCaptureRequest } from "@lg/domain/biometrics/reported-capture";
import { LiveCheckResult as LiveCheckAnswer, ReportedEnrolment } from "@lg/domain/biometrics/web-contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { apiFormData, apiJson } from "../api/client";
import { serverMessage } from "../api/errors";
import { useAuth } from "../auth/use-auth";
import { PRIVACY_STATEMENT } from "../content/marketing";
import { ConsentGate } from "../features/consent/ConsentGate";
import { withDemo } from "../features/demo/demo-session";
import { MY_PROTECTIONS_KEY, myProtectionsQuery } from "../features/people/queries";
import { profileQuery } from "../features/preferences/profile-query";
import { FlowHeader } from "../features/profile-setup/FlowHeader";
import { FacePhase } from "../features/training/FacePhase";
import { LiveCheck, type LiveCheckResult } from "../features/training/LiveCheck";
import { POSES, voiceFormData } from "../features/training/poses";
import { VoicePhase } from "../features/training/VoicePhase";
import { EnrolmentStanding } from "../features/zero-knowledge/EnrolmentStanding";
import { analyseCapture, type ReportedFace } from "../features/zero-knowledge/face-analysis";
import { analyseRecording, type ReportedVoice } from "../features/zero-knowledge/voice-analysis";
import { ZeroKnowledgeNotice } from "../features/zero-knowledge/ZeroKnowledgeNotice";
import { Main } from "../ui/Page";
import { toast } from "../ui/toast-store";

type Phase = "intro" | "face" | "voice" | "complete";

export default function BiometricTrainingRoute() {
  const [params] = useSearchParams();
  const demo = params.get("demo");
  const navigate = useNavigate();
  const auth = useAuth();
  const [phase, setPhase] = useState<Phase>("intro");
  const [faces, setFaces] = useState<Blob[]>([]);
  const [live, setLive] = useState<LiveCheckResult | null>(null);
  const [voice, setVoice] = useState<Blob | null>(null);
  const queryClient = useQueryClient();
  const profile = useQuery(profileQuery(auth.isAuthenticated));
  // An invited person's scans are those of the accounts protecting them (docs/people.md): after
  // enrolling they go to see who protects them, not to scan preferences they do not need.
  const protections = useQuery(myProtectionsQuery(auth.isAuthenticated));
  const protectedByOthers = (protections.data?.protections ?? []).some((p) => p.standing.state !== "withdrawn");
  // Until the profile says otherwise nothing is sent, so a zero-knowledge account never uploads photos by mistake.
  const zeroKnowledge = profile.data?.privacySettings?.zeroKnowledge === true;
  const reported = useRef<ReportedFace[]>([]);
  const reportedVoice = useRef<ReportedVoice | null>(null);
  // The server checks a signed-in person's face live as it is captured; the demo and zero-knowledge mode keep photos here.
  const serverChecked = auth.isAuthenticated && !zeroKnowledge;
  // A face verified before the live check: the server's words on why and what verifies it again.
  const faceStanding = profile.data?.likenessEnrolment?.face;
  const reverify = faceStanding?.reverifyNeeded ? faceStanding.restriction : undefined;

  const checkOnDevice = async (photo: Blob, poseIndex: number) => {
    const analysis = await analyseCapture(photo, poseIndex);
    if (!analysis.ok) return analysis.reason;
    reported.current[poseIndex] = analysis.face;
    return null;
  };

  const checkVoiceOnDevice = async (recording: Blob) => {
    const analysis = await analyseRecording(recording);
    if (!analysis.ok) return analysis.reason;
    reportedVoice.current = analysis.voice;
    return null;
  };

  const next = () => navigate(protectedByOthers ? "/people" : withDemo("/scan-preferences", demo));
  const submit = useMutation({
    mutationFn: async (): Promise<ReportedEnrolment | null> => {
      if (!zeroKnowledge) {
        // The face went with its live check; the recording follows on its own.
        if (voice) await apiFormData("/api/biometric-training", voiceFormData(voice), LiveCheckAnswer);
        return null;
      }
      // Numbers only: the recording, like the photos, stays in this browser.
      const body = {
        faces: reported.current,
        ...(reportedVoice.current ? { voice: reportedVoice.current } : {}),
      } satisfies ReportedCaptureRequest;
      return apiJson("POST", "/api/biometric-training/embeddings", body, ReportedEnrolment);
    },
    onSuccess: (enrolment) => {
      // Their standing with each account changes with what they enrolled.
      void queryClient.invalidateQueries({ queryKey: MY_PROTECTIONS_KEY });
      // The server cannot verify what a browser reports: say what that withholds before moving on.
      if (enrolment && !enrolment.verified) {
        toast({ title: "Enrolled, not verified", description: "Read what this means below before you continue." });
        return;
      }
      toast({
        title: "Face and voice enrolled",
        description: protectedByOthers
          ? "Your biometric data has been processed. Here are the accounts protecting you."
          : "Your biometric data has been processed. Setting up your scan preferences.",
      });
      next();
    },
    onError: (error) =>
      toast({
        title: "Enrolment failed",
        // The server says which photo or recording to redo and why (for example a pose not turned far enough).
        description: serverMessage(error),
        variant: "destructive",
      }),
  });

  return (
    <Main className="container narrow wizard">
      <FlowHeader title="Biometric Training" demo={demo} />
      <div className="panel">
        {phase === "intro" ? (
          <section aria-labelledby="intro-heading">
            <h2 id="intro-heading">
              {serverChecked ? "Your live check and voice recording" : "Your photos and voice recording"}
            </h2>
            <p>
              {serverChecked
                ? "We will run a short live check with your camera, turning your head as the prompts ask, and record one short paragraph:"
                : "We will take three guided photos and record one short paragraph:"}
            </p>
            <ul className="check-list">
              {POSES.map((p) => (
                <li key={p.title}>
                  {p.title}: {p.instruction}
                </li>
              ))}
              <li>Read a short paragraph aloud for your voice profile</li>
            </ul>
            <p>
              Nothing is trained on you: from your captures we compute embeddings (numbers that describe your face and
              voice), and scans compare what they find with them.
            </p>
            <p className="small muted">{PRIVACY_STATEMENT}</p>
            {reverify ? (
              <section aria-labelledby="reverify-heading" className="banner" role="status">
                <h3 id="reverify-heading">Verify your face again</h3>
                <p>{reverify}</p>
              </section>
            ) : null}
            {zeroKnowledge ? <ZeroKnowledgeNotice /> : null}
            <button
              type="button"
              className="btn btn-primary btn-lg"
              disabled={auth.isAuthenticated && (profile.isLoading || protections.isLoading)}
              onClick={() => setPhase("face")}
            >
              Start the capture
            </button>
          </section>
        ) : null}
        {phase === "face" ? (
          <ConsentGate enabled={auth.isAuthenticated}>
            {serverChecked ? (
              <LiveCheck
                onDone={(result) => {
                  setLive(result);
                  setPhase("voice");
                }}
              />
            ) : (
              <FacePhase
                {...(zeroKnowledge ? { check: checkOnDevice } : {})}
                onDone={(captured) => {
                  setFaces(captured);
                  setPhase("voice");
                }}
              />
            )}
          </ConsentGate>
        ) : null}
        {phase === "voice" ? (
          <VoicePhase
            {...(zeroKnowledge ? { check: checkVoiceOnDevice } : {})}
            onDone={(recording) => {
              setVoice(recording);
              setPhase("complete");
            }}
          />
        ) : null}
        {phase === "complete" ? (
          <section aria-labelledby="complete-heading">
            <h2 id="complete-heading">Capture complete</h2>
            <dl className="tile-grid">
              <div className="tile">
                <dt>Face images</dt>
                <dd className="tile-value">
                  {serverChecked ? (live?.faces ?? 0) : faces.length}/{POSES.length}
                </dd>
              </div>
              <div className="tile">
                <dt>Voice sample</dt>
                <dd className="tile-value">{voice ? "100%" : "0%"}</dd>
              </div>
            </dl>
            {!auth.isAuthenticated ? (
              <p className="banner banner-demo">Demo mode: your captures stay in this browser and are not sent.</p>
            ) : null}
            {live?.voiceMessage ? (
              <p className="banner" role="status">
                {live.voiceMessage}
              </p>
            ) : null}
            {submit.data?.status ? (
              <section aria-labelledby="standing-heading" className="banner" role="status">
                <h3 id="standing-heading">Enrolled, not verified</h3>
                <p>
                  In zero-knowledge mode the server never sees your photos or hears your recording, so it cannot check
                  that they are live or yours: it stores them as not verified.
                </p>
                <EnrolmentStanding standing={submit.data.status} label="Enrolment status" />
              </section>
            ) : null}
            {submit.isError ? (
              <p role="alert" className="field-error">
                {serverMessage(submit.error)}
              </p>
            ) : null}
            {submit.isError ? (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  reported.current = [];
                  setFaces([]);
                  setLive(null);
                  submit.reset();
                  setPhase("face");
                }}
              >
                Retake photos
              </button>
            ) : null}
            <button
              type="button"
              className="btn btn-primary btn-lg"
              disabled={submit.isPending}
              onClick={() => (auth.isAuthenticated && !submit.isSuccess ? submit.mutate() : next())}
            >
              {submit.isPending
                ? "Processing..."
                : protectedByOthers
                  ? "Continue to Accounts Protecting You"
                  : "Continue to Scan Preferences"}
            </button>
          </section>
        ) : null}
      </div>
    </Main>
  );
}
