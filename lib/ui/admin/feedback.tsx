"use client";
// How the panel answers a person: every action says what happened (`useNotify`, read out by screen readers from
// one live region the shell keeps), and a destructive one asks first, in the page (`ConfirmButton`), never with
// the browser's confirm().
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";

interface Notice {
  id: number;
  text: string;
  tone: "ok" | "error";
}

const NotifyContext = createContext<(text: string, tone?: Notice["tone"]) => void>(() => undefined);

/** `notify("Order #1042 invoiced.")` after an action succeeds; the message stays until the next one or a dismissal. */
export const useNotify = () => useContext(NotifyContext);

export function NoticeProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const notify = useCallback((text: string, tone: Notice["tone"] = "ok") => setNotice({ id: Date.now(), text, tone }), []);
  return (
    <NotifyContext.Provider value={notify}>
      <div className="ap-live" role="status" aria-live="polite">
        {notice && (
          <p key={notice.id} className={notice.tone === "ok" ? "ap-notice" : "ap-notice ap-notice-error"} data-testid="notice">
            {notice.text}
            <button type="button" className="ap-link" onClick={() => setNotice(null)} aria-label="Dismiss the message">×</button>
          </p>
        )}
      </div>
      {children}
    </NotifyContext.Provider>
  );
}

export interface ConfirmButtonProps {
  /** The button ("Cancel order"). */
  label: string;
  /** What will happen, asked in the page ("Cancel order #1042? Its stock goes back to the shelf."). */
  question: string;
  /** The confirming button ("Yes, cancel it"). */
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  danger?: boolean;
}

/** A button that asks in the page before it acts; focus moves to the question's confirming button and back. */
export function ConfirmButton({ label, question, confirmLabel, onConfirm, disabled, danger = true }: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false);
  const yes = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) yes.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button ref={opener} type="button" className={danger ? "ap-danger" : "ap-secondary"} disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  const close = () => {
    setAsking(false);
    setTimeout(() => opener.current?.focus(), 0);
  };
  return (
    <span className="ap-confirm" role="group" aria-label={label}>
      <span>{question}</span>
      <button
        ref={yes}
        type="button"
        className={danger ? "ap-danger-solid" : ""}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" className="ap-secondary" onClick={close} onKeyDown={(e) => e.key === "Escape" && close()}>
        Keep it
      </button>
    </span>
  );
}
