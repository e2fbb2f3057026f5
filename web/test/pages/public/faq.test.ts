import { describe, expect, it } from "vitest";
import {
  categoryLabel,
  type FaqItem,
  groupByCategory,
  itemsInCategory,
  matchesSearch,
  searchFaq,
} from "../../../src/pages/public/faq";

const item = (id: string, category: string, question: string, answer = "An answer."): FaqItem => ({
  id,
  category,
  question,
  answer,
  displayOrder: Number(id.replace(/\D/g, "")) || 0,
});

const items = [
  item("q1", "billing_and_wallet", "How do I add funds?"),
  item("q2", "Call Features", "What is a pound code?", "A short code such as #4LAW."),
  item("q3", "setup_guide", "How do I start?"),
  item("q4", "Account Management", "How do I reset my password?"),
  item("q5", "Setup Guide", "How do I port a number?"),
  item("q6", "Account Management", "How do I add users?"),
];

describe("categoryLabel", () => {
  it.each([
    ["admin", "For Administrators"],
    ["user", "For Users"],
    ["setup_guide", "Setup Guide"],
    ["Setup Guide", "Setup Guide"],
    ["billing_and_wallet", "Billing And Wallet"],
    ["Troubleshooting", "Troubleshooting"],
    ["  ", "General"],
  ])("%j reads %j", (category, label) => {
    expect(categoryLabel(category)).toBe(label);
  });
});

describe("matchesSearch", () => {
  it.each([
    ["POUND CODE", true],
    ["#4law", true],
    ["  ", true],
    ["wallet", false],
  ])("%j: %s", (search, matches) => {
    expect(matchesSearch(items[1] as FaqItem, search)).toBe(matches);
  });
});

describe("groupByCategory", () => {
  it("puts the known categories first in their order, then the rest alphabetically, items in order", () => {
    const groups = groupByCategory(items);
    expect(groups.map((group) => group.category)).toEqual([
      "Account Management",
      "Call Features",
      "Setup Guide",
      "Billing And Wallet",
    ]);
    expect(groups[0]?.items.map((grouped) => grouped.id)).toEqual(["q4", "q6"]);
    // setup_guide and Setup Guide are one group.
    expect(groups[2]?.items.map((grouped) => grouped.id)).toEqual(["q3", "q5"]);
  });
});

describe("searchFaq", () => {
  it("keeps the matching items and leaves out empty groups", () => {
    expect(searchFaq(items, "pound code")).toEqual([{ category: "Call Features", items: [items[1]] }]);
    expect(searchFaq(items, "zzz no such question zzz")).toEqual([]);
  });
});

describe("itemsInCategory", () => {
  it("takes the stored category as it is", () => {
    expect(itemsInCategory(items, "setup_guide").map((found) => found.id)).toEqual(["q3"]);
  });
});
