export type IvrMenuAction = "repeat" | "operator" | "voicemail" | "ivr_menu" | "hangup";
export type IvrOptionAction = IvrMenuAction | "extension" | "play_message";

export interface IvrOption {
  /** One key: 0-9, * or #. */
  keyPress: string;
  action: IvrOptionAction;
  /** Menu id (ivr_menu), extension number (extension), text (play_message), extension for voicemail. */
  destination: string | null;
  description?: string | null;
}

export interface IvrMenu {
  id: string;
  name: string;
  greetingType: "tts" | "recording";
  greetingTts: string | null;
  greetingRecordingUrl: string | null;
  /** The text-to-speech voice and language of the greeting (IVR_DEFAULTS when absent). */
  greetingVoice?: string;
  greetingLanguage?: string;
  timeoutSeconds: number;
  timeoutAction: IvrMenuAction;
  timeoutActionDestination: string | null;
  invalidInputAction: IvrMenuAction;
  invalidInputActionDestination: string | null;
  maxInvalidInputs: number;
  options: IvrOption[];
}

/** Counters carried from one Gather to the next, so loops end. */
export interface IvrPosition {
  menuId: string;
  invalidCount: number;
  timeoutCount: number;
}

export const IVR_DEFAULTS = {
  timeoutSeconds: 10,
  timeoutAction: "repeat",
  maxInvalidInputs: 3,
  greetingType: "tts",
  greetingTts: "Thank you for calling. Please listen to the following options.",
  /** What <Say> speaks with no voice or language given: the carrier's defaults. */
  greetingVoice: "man",
  greetingLanguage: "en-US",
} as const;

export const IVR_MESSAGES = {
  invalid: "Sorry, that is not a valid option.",
  noInput: "We did not receive your selection.",
  goodbye: "Thank you for calling. Goodbye.",
} as const;

/** What the caller hears next; rendered to TwiML by twiml.ts. */
export type IvrStep =
  | { kind: "menu"; position: IvrPosition /** Said before the menu's greeting. */; preface: string | null }
  | { kind: "extension"; extension: string }
  | { kind: "voicemail"; extension: string | null }
  | { kind: "operator" }
  | { kind: "hangup"; message: string };

/** Menus by id, as the routing tables hold them. */
export type IvrMenus = ReadonlyMap<string, IvrMenu>;

const menuStep = (menuId: string, preface: string | null, invalidCount = 0, timeoutCount = 0): IvrStep => ({
  kind: "menu",
  position: { menuId, invalidCount, timeoutCount },
  preface,
});

function menuLevelAction(
  action: IvrMenuAction,
  destination: string | null,
  position: IvrPosition,
  menus: IvrMenus,
  preface: string | null,
): IvrStep {
  switch (action) {
    case "repeat":
      return menuStep(position.menuId, preface, position.invalidCount, position.timeoutCount);
    case "ivr_menu":
      return destination && menus.has(destination)
        ? menuStep(destination, preface)
        : { kind: "hangup", message: IVR_MESSAGES.goodbye };
    case "operator":
      return { kind: "operator" };
    case "voicemail":
      return { kind: "voicemail", extension: destination };
    case "hangup":
      return { kind: "hangup", message: IVR_MESSAGES.goodbye };
  }
}

/**
 * The step after the caller pressed `digits` (empty: the Gather timed out) at `position`.
 * A timeout runs the menu's timeout action; after max_invalid_inputs timeouts in a row the
 * caller is sent to the invalid-input action instead, so "repeat" cannot loop forever.
 */
export function nextIvrStep(menus: IvrMenus, position: IvrPosition, digits: string): IvrStep {
  const menu = menus.get(position.menuId);
  if (!menu) return { kind: "hangup", message: IVR_MESSAGES.goodbye };

  if (digits === "") {
    const timeouts = position.timeoutCount + 1;
    if (timeouts >= menu.maxInvalidInputs && menu.timeoutAction === "repeat") {
      return menuLevelAction(
        menu.invalidInputAction === "repeat" ? "hangup" : menu.invalidInputAction,
        menu.invalidInputActionDestination,
        position,
        menus,
        IVR_MESSAGES.noInput,
      );
    }
    return menuLevelAction(
      menu.timeoutAction,
      menu.timeoutActionDestination,
      { ...position, timeoutCount: timeouts },
      menus,
      IVR_MESSAGES.noInput,
    );
  }

  const option = menu.options.find((o) => o.keyPress === digits.slice(0, 1));
  if (!option) {
    const invalid = position.invalidCount + 1;
    if (invalid >= menu.maxInvalidInputs) {
      // Repeating after the last allowed invalid input would loop: it ends the call instead.
      const action = menu.invalidInputAction === "repeat" ? "hangup" : menu.invalidInputAction;
      return menuLevelAction(
        action,
        menu.invalidInputActionDestination,
        position,
        menus,
        IVR_MESSAGES.invalid,
      );
    }
    return menuStep(menu.id, IVR_MESSAGES.invalid, invalid, position.timeoutCount);
  }

  switch (option.action) {
    case "extension":
      return option.destination
        ? { kind: "extension", extension: option.destination }
        : menuStep(menu.id, IVR_MESSAGES.invalid, position.invalidCount + 1, position.timeoutCount);
    case "play_message":
      return menuStep(
        menu.id,
        option.destination ?? option.description ?? "",
        position.invalidCount,
        position.timeoutCount,
      );
    case "repeat":
      return menuStep(menu.id, null, position.invalidCount, position.timeoutCount);
    default:
      return menuLevelAction(option.action, option.destination, position, menus, null);
  }
}

export interface IvrProblem {
  menuId: string;
  message: string;
  /** dangling: an action points at nothing; unreachable: no path enters the menu. */
  kind?: "dangling" | "unreachable";
}

/**
 * Dangling destinations (a menu or extension that does not exist) and menus no path reaches
 * from an entry menu. Loops between menus are allowed: the counters bound them.
 */
export function validateIvr(
  menus: IvrMenus,
  entryMenuIds: readonly string[],
  extensions: ReadonlySet<string>,
): IvrProblem[] {
  const problems: IvrProblem[] = [];
  const edges = new Map<string, string[]>();
  for (const menu of menus.values()) {
    const targets: string[] = [];
    const checkMenu = (dest: string | null, where: string) => {
      if (!dest)
        problems.push({ menuId: menu.id, message: `${where} has no destination menu`, kind: "dangling" });
      else if (!menus.has(dest))
        problems.push({
          menuId: menu.id,
          message: `${where} goes to a missing menu (${dest})`,
          kind: "dangling",
        });
      else targets.push(dest);
    };
    if (menu.timeoutAction === "ivr_menu") checkMenu(menu.timeoutActionDestination, "Timeout action");
    if (menu.invalidInputAction === "ivr_menu")
      checkMenu(menu.invalidInputActionDestination, "Invalid-input action");
    const seenKeys = new Set<string>();
    for (const option of menu.options) {
      const where = `Option ${option.keyPress}`;
      if (seenKeys.has(option.keyPress))
        problems.push({ menuId: menu.id, message: `${where} is defined twice` });
      seenKeys.add(option.keyPress);
      if (option.action === "ivr_menu") checkMenu(option.destination, where);
      if (option.action === "extension" && (!option.destination || !extensions.has(option.destination))) {
        problems.push({
          menuId: menu.id,
          message: `${where} goes to a missing extension (${option.destination ?? "none"})`,
          kind: "dangling",
        });
      }
    }
    edges.set(menu.id, targets);
  }
  const reached = new Set<string>();
  const stack = entryMenuIds.filter((id) => menus.has(id));
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (reached.has(id)) continue;
    reached.add(id);
    stack.push(...(edges.get(id) ?? []));
  }
  for (const menu of menus.values()) {
    if (!reached.has(menu.id))
      problems.push({
        menuId: menu.id,
        message: `Menu "${menu.name}" cannot be reached`,
        kind: "unreachable",
      });
  }
  return problems;
}
