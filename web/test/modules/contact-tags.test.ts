import { describe, expect, it } from "vitest";
import { addTags, cardTags, removeTag, suggestTags } from "../../src/modules/contacts/tags";

describe("addTags (Enter, comma, Add Tag)", () => {
  it.each([
    { current: [], entry: "vip", tags: ["vip"] },
    { current: [], entry: "  vip  ", tags: ["vip"] },
    { current: ["vip"], entry: "VIP", tags: ["vip"] },
    { current: ["vip"], entry: "a, b,,  ,a", tags: ["vip", "a", "b"] },
    { current: ["vip"], entry: "   ", tags: ["vip"] },
    { current: [], entry: "new lead", tags: ["new lead"] },
  ])("$current + '$entry' → $tags", ({ current, entry, tags }) => {
    expect(addTags(current, entry)).toEqual(tags);
  });

  it("removes one tag", () => {
    expect(removeTag(["a", "b", "c"], "b")).toEqual(["a", "c"]);
  });
});

describe("suggestTags (up to 5 of the account's tags not used yet)", () => {
  const account = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta"];
  it.each([
    { current: [], typed: "", suggested: ["alpha", "beta", "gamma", "delta", "epsilon"] },
    { current: ["Alpha", "beta"], typed: "", suggested: ["gamma", "delta", "epsilon", "zeta", "eta"] },
    { current: [], typed: "ET", suggested: ["beta", "zeta", "eta"] },
    { current: ["zeta"], typed: "eta", suggested: ["beta", "eta"] },
    { current: [], typed: "xyz", suggested: [] },
  ])("used $current, typed '$typed' → $suggested", ({ current, typed, suggested }) => {
    expect(suggestTags(account, current, typed)).toEqual(suggested);
  });
});

describe("cardTags (first 2 and '+N more')", () => {
  it.each([
    { tags: [], shown: [], more: 0 },
    { tags: ["a"], shown: ["a"], more: 0 },
    { tags: ["a", "b"], shown: ["a", "b"], more: 0 },
    { tags: ["a", "b", "c", "d"], shown: ["a", "b"], more: 2 },
  ])("$tags", ({ tags, shown, more }) => {
    expect(cardTags(tags)).toEqual({ shown, more });
  });
});
