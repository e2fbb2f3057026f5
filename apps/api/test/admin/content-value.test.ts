import { contentMessages, contentValueIssue } from "@poundline/contracts/admin/schemas";
import { describe, expect, it } from "vitest";

describe("contentValueIssue: a value fits its content type", () => {
  it.each([
    ["text", "anything at all", null],
    ["textarea", "two\nlines", null],
    ["json", '{"a":[1,2]}', null],
    ["json", "42", null],
    ["json", '"a string"', null],
    ["json", "", contentMessages.invalidJson],
    ["json", "{a:1}", contentMessages.invalidJson],
    ["json", "[1,2", contentMessages.invalidJson],
    ["image_url", "", null],
    ["image_url", "https://cdn.example.com/hero.png", null],
    ["image_url", "http://example.com/a.jpg", null],
    ["image_url", "/images/hero.webp", null],
    ["image_url", "//evil.example/x.png", contentMessages.invalidImageUrl],
    ["image_url", "javascript:alert(1)", contentMessages.invalidImageUrl],
    ["image_url", "data:image/png;base64,AAAA", contentMessages.invalidImageUrl],
    ["image_url", "hero.png", contentMessages.invalidImageUrl],
  ] as const)("%s %j → %s", (type, value, issue) => {
    expect(contentValueIssue(type, value)).toBe(issue);
  });
});
