import { describe, expect, it } from "vitest";
import type { IvrMenu, IvrTry } from "../../src/api/ivr";
import { heardText, nodeText } from "../../src/modules/ivr/try-words";

describe("heardText", () => {
  it.each<[IvrTry["heard"][number], string]>([
    [{ kind: "say", text: "Press 1 for sales." }, "Press 1 for sales."],
    [{ kind: "play", url: "/media/x.mp3" }, "(a recording plays)"],
    [{ kind: "pause", seconds: 2 }, "(2 s of silence)"],
    [{ kind: "dial", text: "+14075550177" }, "+14075550177"],
    [{ kind: "record" }, "(the caller can leave a message)"],
    [{ kind: "queue" }, "(the caller waits in a queue)"],
    [{ kind: "hangup" }, "(the call ends)"],
  ])("%o → %s", (item, text) => {
    expect(heardText(item)).toBe(text);
  });
});

describe("nodeText", () => {
  const menus = [{ id: "ivr_main", name: "Main" }] as IvrMenu[];
  const call = (node: IvrTry["node"], ended = false): IvrTry => ({
    tryId: "try_1",
    target: "draft",
    versionId: null,
    heard: [],
    node,
    ended,
  });
  it.each<[IvrTry, string]>([
    [call({ kind: "menu", menuId: "ivr_main" }), 'In the menu "Main" (draft).'],
    [call({ kind: "menu", menuId: "ivr_main" }, true), 'Ended in the menu "Main" (draft).'],
    [call({ kind: "menu", menuId: "ivr_gone" }), 'In the menu "ivr_gone" (draft).'],
    [call({ kind: "extension", id: "ext_1" }, true), "Put through to an extension."],
    [call({ kind: "voicemail" }, true), "Sent to voicemail."],
    [call({ kind: "error", detail: "No such menu." }, true), "No such menu."],
  ])("%#: %s", (step, text) => {
    expect(nodeText(step, menus)).toBe(text);
  });
});
