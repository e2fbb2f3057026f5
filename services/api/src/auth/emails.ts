import type { Mailer, OutgoingEmail } from "@poundline/platform/mailer";
import type { FastifyBaseLogger } from "fastify";

/** The texts of the e-mails auth sends. Plain text first; the HTML says the same. */

const PRODUCT = "Poundline";

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

function greeting(firstName: string) {
  return firstName ? `Hi ${firstName},` : "Hello,";
}

function html(paragraphs: string[], link: { href: string; label: string }) {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`);
  const href = escapeHtml(link.href);
  body.splice(2, 0, `<p><a href="${href}">${escapeHtml(link.label)}</a></p>`);
  return `<!doctype html><html><body style="font-family:sans-serif">${body.join("")}<p style="color:#666">${escapeHtml(href)}</p></body></html>`;
}

export function confirmEmailMessage(to: string, firstName: string, link: string): OutgoingEmail {
  const lines = [
    greeting(firstName),
    `Thanks for signing up for ${PRODUCT}. Please confirm your email address to activate your account and start your free trial:`,
    "The link is valid for 24 hours. If you did not create an account, you can ignore this email.",
  ];
  return {
    template: "confirm_email",
    to,
    subject: `Confirm your ${PRODUCT} account`,
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}\n`,
    html: html(lines, { href: link, label: "Confirm my email address" }),
  };
}

export function resetPasswordMessage(to: string, firstName: string, link: string): OutgoingEmail {
  const lines = [
    greeting(firstName),
    `We received a request to reset the password of your ${PRODUCT} account. Choose a new password here:`,
    "The link is valid for 1 hour and can be used once. If you did not ask for a reset, you can ignore this email: your password stays unchanged.",
  ];
  return {
    template: "reset_password",
    to,
    subject: `Reset your ${PRODUCT} password`,
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}\n`,
    html: html(lines, { href: link, label: "Reset my password" }),
  };
}

export function changeEmailMessage(to: string, firstName: string, link: string): OutgoingEmail {
  const lines = [
    greeting(firstName),
    `You asked to use this address for your ${PRODUCT} account. Please confirm it:`,
    "The link is valid for 24 hours. Until you follow it, your account keeps its current address. If you did not ask for this, you can ignore this email.",
  ];
  return {
    template: "change_email",
    to,
    subject: `Confirm your new ${PRODUCT} email address`,
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}\n`,
    html: html(lines, { href: link, label: "Confirm my new email address" }),
  };
}

/**
 * Sends an auth e-mail; a delivery failure is logged, not thrown: the outbox row keeps the
 * message (status failed) and the user's request still succeeds. A lost confirmation is
 * recovered through "forgot password", which confirms the address too.
 */
export async function sendAuthEmail(
  ports: { mailer: Mailer; log: FastifyBaseLogger },
  email: OutgoingEmail,
): Promise<void> {
  try {
    await ports.mailer.send(email);
  } catch (err) {
    ports.log.error({ err, template: email.template }, "auth e-mail not delivered");
  }
}
