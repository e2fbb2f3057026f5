import type { OutgoingEmail } from "@poundline/platform/mailer";

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

export interface InvitationMail {
  to: string;
  inviter: string | null;
  companyName: string;
  roleLabel: string;
  link: string;
}

/** The invitation: who asks, to which account, as what; the link works 7 days, once. */
export function invitationMessage(mail: InvitationMail): OutgoingEmail {
  const who = mail.inviter ? `${mail.inviter} invited you` : "You are invited";
  const lines = [
    "Hello,",
    `${who} to join ${mail.companyName} on Poundline as ${mail.roleLabel}. Accept the invitation here:`,
    "The link is valid for 7 days and can be used once. If you did not expect this invitation, you can ignore this email.",
  ];
  const href = escapeHtml(mail.link);
  const html = [
    `<p>${escapeHtml(lines[0] as string)}</p>`,
    `<p>${escapeHtml(lines[1] as string)}</p>`,
    `<p><a href="${href}">Accept the invitation</a></p>`,
    `<p>${escapeHtml(lines[2] as string)}</p>`,
    `<p style="color:#666">${href}</p>`,
  ];
  return {
    template: "team_invitation",
    to: mail.to,
    subject: `Join ${mail.companyName} on Poundline`,
    text: `${lines[0]}\n\n${lines[1]}\n\n${mail.link}\n\n${lines[2]}\n`,
    html: `<!doctype html><html><body style="font-family:sans-serif">${html.join("")}</body></html>`,
  };
}
