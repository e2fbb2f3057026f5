import { solveChallenge } from "./pow";
import { renderWidget, type WidgetLook } from "./render";

/**
 * The embeddable website widget. Snippet:
 *   <script src="https://<api>/widget/embed.js?v=…" data-widget-key="wk_…" async></script>
 * It reads its configuration from the API, draws the buttons in a shadow root and, when the
 * visitor asks, solves a proof of work and asks the API for a callback or delivers a text.
 */

const NETWORK_ERROR = "We could not connect. Please try again.";

interface PublicConfig extends WidgetLook {
  available: boolean;
}

async function request<T>(url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "omit", ...init });
  } catch {
    throw new Error(NETWORK_ERROR);
  }
  const body = (await response.json().catch(() => null)) as (T & { error?: { message?: string } }) | null;
  if (!response.ok || !body) throw new Error(body?.error?.message || NETWORK_ERROR);
  return body;
}

function start(script: HTMLScriptElement) {
  const key = script.getAttribute("data-widget-key");
  if (!key || script.hasAttribute("data-widget-started")) return;
  script.setAttribute("data-widget-started", "");
  const base = `${new URL(script.src).origin}/widget/${encodeURIComponent(key)}`;

  const attempt = async (path: string, fields: Record<string, string>) => {
    const { challenge, difficulty } = await request<{ challenge: string; difficulty: number }>(
      `${base}/challenge`,
      {
        method: "POST",
      },
    );
    const solution = await solveChallenge(challenge, difficulty);
    const answer = await request<{ message: string }>(`${base}/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ challenge, solution, ...fields }),
    });
    return answer.message;
  };

  request<PublicConfig>(`${base}/config`)
    .then((config) => {
      if (!config.available) return;
      const host = document.createElement("div");
      // Inline widgets sit where the snippet is; fixed ones anywhere in the body.
      if (config.position === "inline" && script.parentNode && document.body.contains(script))
        script.parentNode.insertBefore(host, script);
      else document.body.append(host);
      renderWidget(host.attachShadow({ mode: "open" }), config, {
        callback: (visitorNumber) => attempt("callback", { visitorNumber }),
        text: (visitorNumber, message) => attempt("text", { visitorNumber, message }),
      });
    })
    // A widget that cannot load stays away: the page is the customer's, not ours.
    .catch(() => undefined);
}

function startAll() {
  const current = document.currentScript;
  const scripts =
    current instanceof HTMLScriptElement && current.hasAttribute("data-widget-key")
      ? [current]
      : Array.from(document.querySelectorAll<HTMLScriptElement>("script[data-widget-key]"));
  const run = () => {
    for (const script of scripts) start(script);
  };
  if (document.body) run();
  else document.addEventListener("DOMContentLoaded", run);
}

startAll();
