/**
 * The widget's buttons and its small form, drawn into a shadow root so the host page's CSS and
 * ours never meet. Used by the embed script on customers' websites and by the console's live
 * preview, so both show exactly the same thing.
 */

import { readableBackground } from "./contrast";

export interface WidgetLook {
  type: "call" | "sms" | "combined";
  callText: string;
  smsText: string;
  primaryColor: string;
  textColor: string;
  position: "bottom-right" | "bottom-left" | "inline";
}

/** What the form does when sent: resolves with the sentence to show, rejects with an Error whose message is shown. */
export interface WidgetActions {
  callback(visitorNumber: string): Promise<string>;
  text(visitorNumber: string, message: string): Promise<string>;
}

// 20 px from the edges (the seed); fixed widgets stay above the page's own content.
const CSS = `
:host{all:initial}
.w{position:fixed;bottom:20px;right:20px;z-index:2147483000;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;display:flex;flex-direction:column;align-items:flex-end}
.w.bottom-left{right:auto;left:20px;align-items:flex-start}
.w.inline{position:static;display:inline-flex;align-items:flex-start}
.row{display:flex;gap:8px;flex-wrap:wrap}
.b{background:var(--bg);color:var(--fg);border:0;border-radius:6px;padding:10px 16px;font:inherit;font-weight:600;cursor:pointer;box-shadow:0 2px 6px rgba(0,0,0,.2)}
.b:focus-visible,.x:focus-visible,input:focus-visible,textarea:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px}
.b[disabled]{opacity:.6;cursor:wait}
form{background:#fff;border-radius:8px;box-shadow:0 4px 16px rgba(0,0,0,.25);padding:12px 14px;margin-bottom:8px;width:260px;box-sizing:border-box;position:relative}
.inline form{margin:8px 0 0}
form[hidden]{display:none}
h2{font-size:15px;margin:0 24px 8px 0}
label{display:block;margin:0 0 8px;font-weight:500}
input,textarea{display:block;width:100%;box-sizing:border-box;margin-top:4px;padding:8px;border:1px solid #767676;border-radius:4px;font:inherit;color:#1a1a1a;background:#fff}
textarea{min-height:72px;resize:vertical}
.x{position:absolute;top:6px;right:6px;border:0;background:none;font-size:20px;line-height:1;cursor:pointer;color:#444;padding:4px}
.s{margin:8px 0 0;min-height:1em}
.s.e{color:#b00020}
`;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) if (value !== undefined) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function addStyles(root: ShadowRoot) {
  // A constructed sheet needs no 'unsafe-inline' in the host page's style-src; old browsers get a <style>.
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    root.adoptedStyleSheets = [sheet];
  } catch {
    root.append(el("style", {}, CSS));
  }
}

/** Draws the widget into `root`, replacing what was there. */
export function renderWidget(root: ShadowRoot, look: WidgetLook, actions: WidgetActions): void {
  root.replaceChildren();
  addStyles(root);
  const box = el("div", { class: `w ${look.position}`, part: "widget" });
  // CSSOM, not a style attribute: allowed under any style-src.
  // The chosen colour, or a shade of it that keeps the label readable (the default blue's 4.0:1).
  box.style.setProperty("--bg", readableBackground(look.primaryColor, look.textColor));
  box.style.setProperty("--fg", look.textColor);

  const form = el("form", { hidden: "", novalidate: "" });
  const title = el("h2", { id: "pw-title" });
  form.setAttribute("aria-labelledby", "pw-title");
  const close = el("button", { type: "button", class: "x", "aria-label": "Close" }, "\u00d7");
  const numberLabel = el("label", {}, "Your phone number");
  const number = el("input", {
    type: "tel",
    name: "visitorNumber",
    autocomplete: "tel",
    required: "",
    maxlength: "40",
  });
  numberLabel.append(number);
  const messageLabel = el("label", {}, "Message");
  const message = el("textarea", { name: "message", required: "", maxlength: "500" });
  messageLabel.append(message);
  const submit = el("button", { type: "submit", class: "b" });
  const status = el("p", { class: "s", role: "status", "aria-live": "polite" });
  form.append(close, title, numberLabel, messageLabel, submit, status);

  let mode: "call" | "sms" = "call";
  const show = (kind: "call" | "sms") => {
    mode = kind;
    title.textContent = kind === "call" ? look.callText : look.smsText;
    submit.textContent = kind === "call" ? "Call me" : "Send";
    messageLabel.hidden = kind === "call";
    status.textContent = "";
    form.hidden = false;
    number.focus();
  };
  close.addEventListener("click", () => {
    form.hidden = true;
  });
  form.addEventListener("keydown", (event) => {
    if (event.key === "Escape") form.hidden = true;
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const say = (text: string, error = false) => {
      status.textContent = text;
      status.className = error ? "s e" : "s";
    };
    if (!number.value.trim()) return say("Enter your phone number.", true);
    if (mode === "sms" && !message.value.trim()) return say("Enter a message.", true);
    submit.disabled = true;
    say("Sending\u2026");
    try {
      say(
        mode === "call"
          ? await actions.callback(number.value)
          : await actions.text(number.value, message.value),
      );
      message.value = "";
    } catch (error) {
      say(error instanceof Error ? error.message : String(error), true);
    } finally {
      submit.disabled = false;
    }
  });

  const row = el("div", { class: "row" });
  const button = (kind: "call" | "sms", text: string) => {
    const b = el("button", { type: "button", class: "b" }, text);
    b.addEventListener("click", () => show(kind));
    row.append(b);
  };
  if (look.type !== "sms") button("call", look.callText);
  if (look.type !== "call") button("sms", look.smsText);
  // The form opens above fixed buttons and below inline ones.
  if (look.position === "inline") box.append(row, form);
  else box.append(form, row);
  root.append(box);
}
