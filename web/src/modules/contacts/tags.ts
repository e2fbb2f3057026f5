/** Seed 001: a card shows at most 2 tags; the tag input suggests at most 5. */
export const CARD_TAGS = 2;
export const TAG_SUGGESTIONS = 5;

/**
 * The tags after typing `entry` (Enter, comma or Add Tag): split on commas, each trimmed, empty
 * ones and those already there (in any case) left out.
 */
export function addTags(current: readonly string[], entry: string): string[] {
  const tags = [...current];
  const seen = new Set(current.map((tag) => tag.toLowerCase()));
  for (const part of entry.split(",")) {
    const tag = part.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

export function removeTag(current: readonly string[], tag: string): string[] {
  return current.filter((t) => t !== tag);
}

/** Up to 5 of the account's tags not on the contact yet, those containing what is typed first. */
export function suggestTags(
  accountTags: readonly string[],
  current: readonly string[],
  typed: string,
): string[] {
  const used = new Set(current.map((tag) => tag.toLowerCase()));
  const term = typed.trim().toLowerCase();
  const unused = accountTags.filter((tag) => !used.has(tag.toLowerCase()));
  const matching = term ? unused.filter((tag) => tag.toLowerCase().includes(term)) : unused;
  return matching.slice(0, TAG_SUGGESTIONS);
}

/** The tags a card shows and how many more there are. */
export function cardTags(tags: readonly string[]): { shown: string[]; more: number } {
  return { shown: tags.slice(0, CARD_TAGS), more: Math.max(0, tags.length - CARD_TAGS) };
}
