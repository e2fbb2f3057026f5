import { Combobox, Loader, TextInput, useCombobox } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { Search } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { SearchResults } from "../../api/console";
import { formatDateTime, formatPhone } from "../../ui/format";
import { useAccountTimeZone } from "../../ui/time-zone";
import { useConsoleSearch } from "./queries";

interface Hit {
  value: string;
  label: string;
  detail: string;
  to: string;
}

/** What each result links to: the screens of contacts, call history and messages. */
export function hitsOf(results: SearchResults, timeZone?: string): { group: string; hits: Hit[] }[] {
  return [
    {
      group: "Contacts",
      hits: results.contacts.map((c) => ({
        value: `contact:${c.id}`,
        label: c.name,
        detail: [formatPhone(c.phone), c.company].filter(Boolean).join(" · "),
        to: `/dashboard/contacts?contact=${encodeURIComponent(c.id)}`,
      })),
    },
    {
      group: "Calls",
      hits: results.calls.map((c) => {
        const other = c.direction === "inbound" ? c.fromNumber : c.toNumber;
        return {
          value: `call:${c.id}`,
          label: formatPhone(c.contactName ?? other),
          detail: `${c.direction} · ${formatDateTime(c.callStartTime, timeZone)}`,
          to: `/dashboard/call-history?search=${encodeURIComponent(other)}`,
        };
      }),
    },
    {
      group: "Messages",
      hits: results.messages.map((m) => {
        const other = m.direction === "inbound" ? m.fromNumber : m.toNumber;
        return {
          value: `message:${m.id}`,
          label: formatPhone(m.contactName ?? other),
          detail: m.body.slice(0, 60),
          to: `/dashboard/messages?number=${encodeURIComponent(other)}`,
        };
      }),
    },
  ].filter((g) => g.hits.length > 0);
}

/** The header's search over the account's contacts, calls and messages. */
export function ConsoleSearch() {
  const [term, setTerm] = useState("");
  const [q] = useDebouncedValue(term.trim(), 250);
  const search = useConsoleSearch(q);
  const timeZone = useAccountTimeZone();
  const navigate = useNavigate();
  const combobox = useCombobox();
  const groups = search.data && q.length >= 2 ? hitsOf(search.data, timeZone) : [];
  const hits = new Map(groups.flatMap((g) => g.hits.map((h) => [h.value, h] as const)));

  return (
    <Combobox
      store={combobox}
      width={360}
      position="bottom-end"
      onOptionSubmit={(value) => {
        const hit = hits.get(value);
        combobox.closeDropdown();
        setTerm("");
        if (hit) void navigate(hit.to);
      }}
    >
      <Combobox.Target>
        <TextInput
          placeholder="Search..."
          aria-label="Search contacts, calls and messages"
          leftSection={<Search size={16} aria-hidden />}
          rightSection={search.isFetching ? <Loader size={14} /> : null}
          value={term}
          onChange={(event) => {
            setTerm(event.currentTarget.value);
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          // Up to 280 px, narrower when the header has less room (a phone's width).
          style={{ flex: "0 1 280px", minWidth: 96 }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={q.length < 2}>
        <Combobox.Options>
          {groups.length === 0 ? (
            <Combobox.Empty>{search.isFetching ? "Searching..." : "No results"}</Combobox.Empty>
          ) : (
            groups.map((g) => (
              <Combobox.Group label={g.group} key={g.group}>
                {g.hits.map((h) => (
                  <Combobox.Option value={h.value} key={h.value}>
                    <div>{h.label}</div>
                    <div style={{ fontSize: "var(--mantine-font-size-xs)", opacity: 0.75 }}>{h.detail}</div>
                  </Combobox.Option>
                ))}
              </Combobox.Group>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
