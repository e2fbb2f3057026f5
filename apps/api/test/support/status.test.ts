import type { TicketStatus } from "@poundline/contracts/support/schemas";
import { downloadDisposition, sniffAttachment } from "@poundline/modules/support/attachments";
import {
  reopenableUntil,
  statusAfterClose,
  statusAfterReopen,
  statusAfterReply,
  type TicketSide,
} from "@poundline/modules/support/status";
import { describe, expect, it } from "vitest";

describe("ticket state machine", () => {
  it.each<[TicketStatus, TicketSide, ReturnType<typeof statusAfterReply>]>([
    ["open", "customer", { ok: true, status: "pending_admin" }],
    ["pending_admin", "customer", { ok: true, status: "pending_admin" }],
    ["pending_user", "customer", { ok: true, status: "pending_admin" }],
    ["closed", "customer", { ok: false, reason: "closed" }],
    ["open", "support", { ok: true, status: "pending_user" }],
    ["pending_admin", "support", { ok: true, status: "pending_user" }],
    ["pending_user", "support", { ok: true, status: "pending_user" }],
    ["closed", "support", { ok: false, reason: "closed" }],
  ])("a reply on %s by %s", (status, side, expected) => {
    expect(statusAfterReply(status, side)).toEqual(expected);
  });

  it.each<[TicketStatus, ReturnType<typeof statusAfterClose>]>([
    ["open", { ok: true, status: "closed" }],
    ["pending_admin", { ok: true, status: "closed" }],
    ["pending_user", { ok: true, status: "closed" }],
    ["closed", { ok: false, reason: "already_closed" }],
  ])("closing %s", (status, expected) => {
    expect(statusAfterClose(status)).toEqual(expected);
  });

  const closedAt = new Date("2026-11-01T12:00:00Z");
  it.each<[string, TicketStatus, Date | null, Date, ReturnType<typeof statusAfterReopen>]>([
    ["just closed", "closed", closedAt, new Date("2026-11-01T12:00:01Z"), { ok: true, status: "open" }],
    [
      "on the 14th day's last instant",
      "closed",
      closedAt,
      new Date("2026-11-15T12:00:00Z"),
      { ok: true, status: "open" },
    ],
    [
      "a millisecond past 14 days",
      "closed",
      closedAt,
      new Date("2026-11-15T12:00:00.001Z"),
      { ok: false, reason: "reopen_expired" },
    ],
    ["open", "open", null, closedAt, { ok: false, reason: "not_closed" }],
    ["pending_user", "pending_user", null, closedAt, { ok: false, reason: "not_closed" }],
  ])("reopening: %s", (_name, status, at, now, expected) => {
    expect(statusAfterReopen({ status, closedAt: at }, now)).toEqual(expected);
  });

  it("tells until when a closed ticket may be reopened, and nothing for an open one", () => {
    expect(reopenableUntil({ status: "closed", closedAt })).toEqual(new Date("2026-11-15T12:00:00Z"));
    expect(reopenableUntil({ status: "open", closedAt: null })).toBeNull();
  });
});

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new TextEncoder().encode(text);

describe("attachment sniffing", () => {
  it.each<[string, Uint8Array, ReturnType<typeof sniffAttachment>]>([
    ["PNG", bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), "png"],
    ["JPEG", bytes(0xff, 0xd8, 0xff, 0xe0, 0), "jpg"],
    ["GIF87a", ascii("GIF87a..."), "gif"],
    ["GIF89a", ascii("GIF89a..."), "gif"],
    ["WebP", ascii("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "), "webp"],
    ["PDF", ascii("%PDF-1.4\n"), "pdf"],
    ["a RIFF that is audio", ascii("RIFF\u0000\u0000\u0000\u0000WAVEfmt "), null],
    ["HTML", ascii("<html><script>alert(1)</script>"), null],
    ["SVG (scriptable, not accepted)", ascii("<svg xmlns='http://www.w3.org/2000/svg'/>"), null],
    ["a truncated PNG signature", bytes(0x89, 0x50, 0x4e), null],
    ["nothing", bytes(), null],
  ])("%s", (_name, input, expected) => {
    expect(sniffAttachment(input)).toBe(expected);
  });

  it("offers the file under its own name, quoted safely", () => {
    expect(downloadDisposition('report "final".pdf')).toBe(
      `attachment; filename="report _final_.pdf"; filename*=UTF-8''report%20%22final%22.pdf`,
    );
    expect(downloadDisposition("reçu (1).pdf")).toBe(
      `attachment; filename="re_u (1).pdf"; filename*=UTF-8''re%C3%A7u%20%281%29.pdf`,
    );
  });
});
