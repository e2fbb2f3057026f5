import type { IvrMenu } from "../../api/ivr";

type MenuAction = IvrMenu["timeoutAction"];
type OptionAction = IvrMenu["options"][number]["action"];

/** Seed 001's menu-level actions (timeout, invalid input), in its order. */
export const MENU_ACTION_LABELS: Record<MenuAction, string> = {
  repeat: "Repeat the menu",
  operator: "Transfer to the operator",
  voicemail: "Voicemail",
  ivr_menu: "Another IVR menu",
  hangup: "Hang up",
};

/** Seed 001's option actions, in its order. */
export const OPTION_ACTION_LABELS: Record<OptionAction, string> = {
  ivr_menu: "Go to IVR menu",
  extension: "Ring extension",
  voicemail: "Voicemail",
  operator: "Transfer to the operator",
  hangup: "Hang up",
  repeat: "Repeat the menu",
  play_message: "Play a message",
};

/** The keys a caller can press: one option per key. */
export const KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "*", "#"] as const;

/** What an action's destination names, if anything: the API checks the same (packages/modules/src/ivr/menus.ts). */
export type DestinationKind = "menu" | "extension" | "optional-extension" | "text" | null;

export function destinationKind(action: OptionAction): DestinationKind {
  switch (action) {
    case "ivr_menu":
      return "menu";
    case "extension":
      return "extension";
    case "voicemail":
      return "optional-extension";
    case "play_message":
      return "text";
    default:
      return null;
  }
}

export const selectData = <T extends string>(labels: Record<T, string>) =>
  (Object.entries(labels) as [T, string][]).map(([value, label]) => ({ value, label }));

/** The first key no option uses yet, for a new option. */
export function nextFreeKey(used: readonly string[]): string | null {
  return KEYS.find((k) => !used.includes(k)) ?? null;
}
