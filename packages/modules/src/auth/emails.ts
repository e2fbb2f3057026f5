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
 * To the owner of an address someone tried to register again: the answer on the site is the one
 * a new address gets (it must not tell whether the address has an account), so the owner hears
 * of it here, with the way in.
 */
export function alreadyRegisteredMessage(to: string, firstName: string, signInLink: string): OutgoingEmail {
  const lines = [
    greeting(firstName),
    `Someone asked to create a ${PRODUCT} account with this email address, which already has an account. If it was you, sign in here (use "Forgot password" on that page if you need a new password):`,
    "If it was not you, you can ignore this email: nothing was changed and no new account was created.",
  ];
  return {
    template: "already_registered",
    to,
    subject: `Your ${PRODUCT} account already exists`,
    text: `${lines[0]}\n\n${lines[1]}\n\n${signInLink}\n\n${lines[2]}\n`,
    html: html(lines, { href: signInLink, label: "Sign in" }),
  };
}

/**
 * To the owner of an address another user asked to move their account to: the other user is
 * answered as for a free address, and nothing changes.
 */
export function emailInUseMessage(to: string, firstName: string, signInLink: string): OutgoingEmail {
  const lines = [
    greeting(firstName),
    `Someone asked to use this email address for another ${PRODUCT} account. It stays with your account; nothing was changed. Your account:`,
    "If it was you, sign in with this address instead. If it was not, you can ignore this email.",
  ];
  return {
    template: "email_in_use",
    to,
    subject: `Your email address is already used for ${PRODUCT}`,
    text: `${lines[0]}\n\n${lines[1]}\n\n${signInLink}\n\n${lines[2]}\n`,
    html: html(lines, { href: signInLink, label: "Sign in" }),
  };
}

/** To the address an account left: the change is done, and what to do if it was not the owner. */
export function emailChangedMessage(
  to: string,
  firstName: string,
  newEmail: string,
  resetLink: string,
): OutgoingEmail {
  const lines = [
    greeting(firstName),
    `The sign-in email address of your ${PRODUCT} account was changed to ${newEmail}, and its other sessions were signed out. If you did not make this change, reset your password now and contact support:`,
    "This address no longer signs in to the account.",
  ];
  return {
    template: "email_changed",
    to,
    subject: `Your ${PRODUCT} email address was changed`,
    text: `${lines[0]}\n\n${lines[1]}\n\n${resetLink}\n\n${lines[2]}\n`,
    html: html(lines, { href: resetLink, label: "Reset my password" }),
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
