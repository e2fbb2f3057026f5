import type { IvrMenu, IvrTry } from "../../api/ivr";

/** Try it's answers in words: what the caller heard, where the call is. */

type Heard = IvrTry["heard"][number];

/** One thing the caller heard, as words. */
export function heardText(item: Heard): string {
  switch (item.kind) {
    case "say":
      return item.text;
    case "play":
      return "(a recording plays)";
    case "pause":
      return `(${item.seconds} s of silence)`;
    case "dial":
      return item.text;
    case "record":
      return "(the caller can leave a message)";
    case "queue":
      return "(the caller waits in a queue)";
    case "hangup":
      return "(the call ends)";
  }
}

/** Where a Try it call is, or where it ended. */
export function nodeText(call: IvrTry, menus: readonly IvrMenu[]): string {
  const node = call.node;
  switch (node.kind) {
    case "menu":
      return `${call.ended ? "Ended in" : "In"} the menu "${menus.find((m) => m.id === node.menuId)?.name ?? node.menuId}" (${call.target}).`;
    case "extension":
      return "Put through to an extension.";
    case "forward":
      return "Forwarded to a number.";
    case "ring_group":
      return "Ringing a group of extensions.";
    case "voicemail":
      return "Sent to voicemail.";
    case "hangup":
      return "The call was hung up.";
    case "error":
      return node.detail;
  }
}
