import type { FaqItem } from "../../api/client";

/**
 * The FAQ as the help centre and the Q&A page use it: the item shape of GET /api/faq, readable
 * category names, the search and the grouping. Pure functions, no React.
 */

/** One published FAQ item as GET /api/faq returns it. */
export type { FaqItem };

/** The categories the help centre reads (stored in snake_case). */
export const HELP_CATEGORIES = { admin: "admin", user: "user", setupGuide: "setup_guide" } as const;

/** Stored category strings that are not already readable, by their readable name. */
const categoryNames: Record<string, string> = {
  admin: "For Administrators",
  user: "For Users",
  setup_guide: "Setup Guide",
};

/**
 * The Q&A page's categories, in the order it shows them; any other category follows them
 * alphabetically.
 */
export const KNOWN_CATEGORIES = [
  "Account Management",
  "Call Features",
  "Text Messaging (SMS)",
  "Troubleshooting",
  "Setup Guide",
] as const;

/**
 * The readable name of a stored category: `setup_guide` and `Setup Guide` both become "Setup Guide";
 * other snake_case names become words ("billing_and_wallet" → "Billing And Wallet").
 */
export function categoryLabel(category: string): string {
  const trimmed = category.trim();
  const known = categoryNames[trimmed.toLowerCase()];
  if (known) return known;
  if (!trimmed) return "General";
  if (!trimmed.includes("_")) return trimmed;
  return trimmed
    .split("_")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

/** The items of one stored category, in the order given. */
export function itemsInCategory(items: readonly FaqItem[], category: string): FaqItem[] {
  return items.filter((item) => item.category === category);
}

/** Case-insensitive substring match on the question or the answer; a blank search matches all. */
export function matchesSearch(item: FaqItem, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return item.question.toLowerCase().includes(needle) || item.answer.toLowerCase().includes(needle);
}

export interface FaqGroup {
  /** The readable category name, also the group's key. */
  category: string;
  items: FaqItem[];
}

/** Position of a readable category: the known ones first, in their order, then the rest. */
function categoryRank(category: string): number {
  const index = (KNOWN_CATEGORIES as readonly string[]).indexOf(category);
  return index === -1 ? KNOWN_CATEGORIES.length : index;
}

/**
 * The items grouped by readable category (so `setup_guide` and `Setup Guide` share one group).
 * Groups come in the known order, then alphabetically; items keep the order they were given in.
 */
export function groupByCategory(items: readonly FaqItem[]): FaqGroup[] {
  const groups = new Map<string, FaqItem[]>();
  for (const item of items) {
    const category = categoryLabel(item.category);
    const group = groups.get(category);
    if (group) group.push(item);
    else groups.set(category, [item]);
  }
  return [...groups.entries()]
    .map(([category, grouped]) => ({ category, items: grouped }))
    .sort(
      (a, b) => categoryRank(a.category) - categoryRank(b.category) || a.category.localeCompare(b.category),
    );
}

/** The Q&A page's results: the matching items, grouped; empty groups are left out. */
export function searchFaq(items: readonly FaqItem[], search: string): FaqGroup[] {
  return groupByCategory(items.filter((item) => matchesSearch(item, search)));
}
