import { displayName, type InboxMember } from "./members";

const WORD = /[\p{L}\p{N}_]/u;

/**
 * The members a note names with `@Name`: the member's full name or first name, matched without
 * regard to case and not followed by a letter or digit ("@Ann" names Ann, not Anna). The longest
 * name wins, so "@Ann Lee" names Ann Lee even when another Ann exists. Each member once, in the
 * order first named.
 */
export function resolveMentions(body: string, members: readonly InboxMember[]): string[] {
  const names = members
    .flatMap((member) => {
      const full = displayName(member);
      const first = member.firstName.trim();
      return [
        { name: full.toLowerCase(), id: member.id },
        ...(first && first !== full ? [{ name: first.toLowerCase(), id: member.id }] : []),
      ];
    })
    .sort((a, b) => b.name.length - a.name.length);
  const text = body.toLowerCase();
  const found: string[] = [];
  for (let at = text.indexOf("@"); at !== -1; at = text.indexOf("@", at + 1)) {
    const rest = text.slice(at + 1);
    const hit = names.find(({ name }) => rest.startsWith(name) && !WORD.test(rest.charAt(name.length)));
    if (hit && !found.includes(hit.id)) found.push(hit.id);
  }
  return found;
}
