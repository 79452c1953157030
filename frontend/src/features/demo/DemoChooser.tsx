import { useState } from "react";
import { useNavigate } from "react-router-dom";
import type { MembershipTier } from "../../api/types";
import { DEMO_FACE_NOTE, DEMO_PERSONAS } from "../../content/demo-personas";
import { Dialog } from "../../ui/Dialog";
import { startDemo } from "./start-demo";

interface DemoChooserProps {
  open: boolean;
  onClose: () => void;
  /** Where to go when the demo profile cannot be created (spec: depends on which landing button opened it). */
  fallback: (demoType: MembershipTier) => string;
}

export function DemoChooser({ open, onClose, fallback }: DemoChooserProps) {
  const [selected, setSelected] = useState<MembershipTier>("personal");
  const [starting, setStarting] = useState<MembershipTier | null>(null);
  const navigate = useNavigate();

  const start = async (demoType: MembershipTier) => {
    setStarting(demoType);
    const target = await startDemo(demoType, fallback(demoType));
    setStarting(null);
    onClose();
    navigate(target);
  };

  return (
    <Dialog open={open} title="Choose Your Demo Experience" onClose={onClose} wide>
      <fieldset className="card-grid three">
        <legend className="muted">
          Pick a profile to explore with simulated data — no sign-up needed. {DEMO_FACE_NOTE}
        </legend>
        {DEMO_PERSONAS.map((card) => (
          <div key={card.id} className={`card selectable${selected === card.id ? " is-selected" : ""}`}>
            <label className="card-select">
              <input
                type="radio"
                name="demo-profile"
                value={card.id}
                checked={selected === card.id}
                onChange={() => setSelected(card.id)}
              />
              <span className="card-title">{card.title}</span>
            </label>
            <p className="small">{card.description}</p>
            <ul className="check-list small">
              {card.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
            <p className="small muted">
              {card.persona.name} · {card.persona.occupation} · {card.persona.followers ?? card.persona.company}
            </p>
            <button
              type="button"
              className="btn btn-primary btn-block"
              disabled={starting !== null}
              onClick={() => start(card.id)}
            >
              {starting === card.id ? "Starting…" : "Start Demo"}
            </button>
          </div>
        ))}
      </fieldset>
    </Dialog>
  );
}
