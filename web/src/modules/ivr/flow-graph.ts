/**
 * The flow diagram's graph, built from what the API answers (menus with their options, the
 * numbers' destinations, the extensions, the routing validator's findings). Pure: the diagram
 * component lays it out and draws it; tests check it without a browser.
 */

export interface FlowMenu {
  id: string;
  name: string;
  timeoutSeconds: number;
  timeoutAction: string;
  timeoutActionDestination: string | null;
  invalidInputAction: string;
  invalidInputActionDestination: string | null;
  maxInvalidInputs: number;
  options: readonly { keyPress: string; action: string; destination: string | null }[];
}

export interface FlowExtension {
  id: string;
  extensionNumber: number;
  name: string;
}

interface Destination {
  type: string;
  target: string | null;
  ringGroup: readonly string[];
}

export interface FlowNumber {
  numberId: string;
  e164: string;
  businessHoursDestination: Destination;
  afterHoursDestination: Destination;
  holidays: readonly { date: string; name: string; destination: Destination }[];
}

/** One finding of the routing validator (services/telephony/src/routing-validator.ts). */
export interface FlowIssue {
  severity: "error" | "warning";
  code: string;
  /** "number:<id>" or "menu:<id>". */
  subject: string;
  message: string;
}

export type FlowNodeKind =
  | "number"
  | "menu"
  | "extension"
  | "voicemail"
  | "operator"
  | "hangup"
  | "repeat"
  | "message"
  | "forward"
  | "ring_group"
  /** A destination that names a menu or extension that does not exist. */
  | "missing";

export interface FlowNode {
  id: string;
  kind: FlowNodeKind;
  label: string;
  /** A second line: a menu's timeout and retries, a message's text. */
  detail: string | null;
  /** The menu a menu node stands for (clicking it opens its editor). */
  menuId: string | null;
  /** Worst finding on it: errors (dangling destinations) before warnings (unreachable menus). */
  flag: "error" | "warning" | null;
  /** What the validator (or the graph, for a missing destination) says about it. */
  issues: string[];
}

export type FlowEdgeKind = "entry" | "key" | "timeout" | "invalid";

export interface FlowEdge {
  id: string;
  source: string;
  target: string;
  kind: FlowEdgeKind;
  label: string;
  /** Goes back to a menu already on the way from the entry: a loop. Drawn, but not laid out. */
  back: boolean;
}

export interface FlowGraph {
  nodes: FlowNode[];
  edges: FlowEdge[];
}

export interface FlowInput {
  menus: readonly FlowMenu[];
  extensions: readonly FlowExtension[];
  numbers: readonly FlowNumber[];
  issues: readonly FlowIssue[];
  /** The number whose tree is drawn; null draws every menu of the account. */
  numberId: string | null;
}

export const menuNodeId = (menuId: string) => `menu:${menuId}`;

const shorten = (text: string, max = 40) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function buildFlowGraph(input: FlowInput): FlowGraph {
  const menus = new Map(input.menus.map((m) => [m.id, m]));
  const extensions = new Map(input.extensions.map((e) => [e.id, e]));
  const nodes = new Map<string, FlowNode>();
  const edges: FlowEdge[] = [];
  const issuesOf = new Map<string, FlowIssue[]>();
  for (const issue of input.issues) {
    const list = issuesOf.get(issue.subject) ?? [];
    list.push(issue);
    issuesOf.set(issue.subject, list);
  }

  const node = (n: Omit<FlowNode, "flag" | "issues">, subject: string | null): FlowNode => {
    const found = subject ? (issuesOf.get(subject) ?? []) : [];
    const flag = found.some((i) => i.severity === "error") ? "error" : found.length > 0 ? "warning" : null;
    const made: FlowNode = { ...n, flag, issues: found.map((i) => i.message) };
    nodes.set(made.id, made);
    return made;
  };

  const missing = (id: string, what: string): string => {
    nodes.set(id, {
      id,
      kind: "missing",
      label: `Missing ${what}`,
      detail: null,
      menuId: null,
      flag: "error",
      issues: [`Points at ${what === "menu" ? "an IVR menu" : "an extension"} that does not exist.`],
    });
    return id;
  };

  const terminal = (id: string, kind: FlowNodeKind, label: string, detail: string | null = null) => {
    node({ id, kind, label, detail, menuId: null }, null);
    return id;
  };

  const extensionLabel = (id: string) => {
    const ext = extensions.get(id);
    return ext ? `Ext. ${ext.extensionNumber} ${ext.name}` : null;
  };

  const menuNode = (menu: FlowMenu) => {
    const id = menuNodeId(menu.id);
    if (nodes.has(id)) return id;
    const noInput =
      menu.timeoutAction === "repeat"
        ? `No key in ${menu.timeoutSeconds}s: repeat`
        : `Timeout ${menu.timeoutSeconds}s`;
    node(
      {
        id,
        kind: "menu",
        label: menu.name,
        detail: `${noInput} · ${menu.maxInvalidInputs} wrong keys allowed`,
        menuId: menu.id,
      },
      `menu:${menu.id}`,
    );
    return id;
  };

  /** The node a menu's action or option leads to; null when it stays in the menu (menu-level repeat). */
  const targetOf = (
    from: string,
    slot: string,
    action: string,
    destination: string | null,
  ): string | null => {
    const id = `${from}/${slot}`;
    switch (action) {
      case "ivr_menu": {
        const menu = destination ? menus.get(destination) : undefined;
        return menu ? menuNode(menu) : missing(id, "menu");
      }
      case "extension": {
        const label = destination ? extensionLabel(destination) : null;
        return label ? terminal(id, "extension", label) : missing(id, "extension");
      }
      case "voicemail":
        return terminal(id, "voicemail", "Voicemail", destination ? extensionLabel(destination) : null);
      case "operator":
        return terminal(id, "operator", "Operator");
      case "hangup":
        return terminal(id, "hangup", "Hang up");
      case "repeat":
        return slot.startsWith("key") ? terminal(id, "repeat", "Repeat the menu") : null;
      case "play_message":
        return terminal(id, "message", "Play a message", destination ? shorten(destination) : null);
      default:
        return terminal(id, "hangup", action);
    }
  };

  const edge = (source: string, target: string, kind: FlowEdgeKind, label: string) => {
    edges.push({ id: `${source}->${target}#${kind}:${label}`, source, target, kind, label, back: false });
  };

  // The menus still to draw the paths of, in the order they were met.
  const queue: FlowMenu[] = [];
  const expanded = new Set<string>();
  const enqueue = (menuId: string | null) => {
    const menu = menuId ? menus.get(menuId) : undefined;
    if (menu && !expanded.has(menu.id)) {
      expanded.add(menu.id);
      queue.push(menu);
    }
  };

  const number = input.numberId ? input.numbers.find((n) => n.numberId === input.numberId) : undefined;
  if (number) {
    const numberId = `number:${number.numberId}`;
    node({ id: numberId, kind: "number", label: number.e164, detail: null, menuId: null }, numberId);
    // One edge per destination, however many times of day lead to it.
    const slots = new Map<string, { destination: Destination; labels: string[] }>();
    const add = (label: string, destination: Destination) => {
      const key = `${destination.type}:${destination.target ?? destination.ringGroup.join(",")}`;
      const slot = slots.get(key) ?? { destination, labels: [] };
      slot.labels.push(label);
      slots.set(key, slot);
    };
    add("Business hours", number.businessHoursDestination);
    add("After hours", number.afterHoursDestination);
    for (const h of number.holidays) add(h.name || h.date, h.destination);
    let i = 0;
    for (const { destination, labels } of slots.values()) {
      const target = entryTarget(numberId, `entry${i++}`, destination);
      edge(numberId, target, "entry", labels.join(", "));
      if (destination.type === "ivr_menu") enqueue(destination.target);
    }
    // Menus the validator finds nothing leads to are shown too, marked, so they can be fixed.
    for (const issue of input.issues)
      if (issue.code === "unreachable_menu") enqueue(issue.subject.replace(/^menu:/, ""));
  } else {
    for (const menu of input.menus) enqueue(menu.id);
  }

  function entryTarget(from: string, slot: string, destination: Destination): string {
    const id = `${from}/${slot}`;
    switch (destination.type) {
      case "ivr_menu":
        return targetOf(from, slot, "ivr_menu", destination.target) as string;
      case "extension":
        return targetOf(from, slot, "extension", destination.target) as string;
      case "ring_group":
        return terminal(
          id,
          "ring_group",
          "Ring group",
          destination.ringGroup.map((e) => extensionLabel(e) ?? "missing extension").join(", "),
        );
      case "forward":
        return terminal(id, "forward", "Forward", destination.target);
      case "voicemail":
        return terminal(id, "voicemail", "Voicemail");
      default:
        return terminal(id, "hangup", "Hang up");
    }
  }

  while (queue.length > 0) {
    const menu = queue.shift() as FlowMenu;
    const from = menuNode(menu);
    for (const option of menu.options) {
      const target = targetOf(from, `key${option.keyPress}`, option.action, option.destination);
      if (target) edge(from, target, "key", `Key ${option.keyPress}`);
      if (option.action === "ivr_menu") enqueue(option.destination);
    }
    const timeout = targetOf(from, "timeout", menu.timeoutAction, menu.timeoutActionDestination);
    if (timeout) edge(from, timeout, "timeout", "Timeout");
    if (menu.timeoutAction === "ivr_menu") enqueue(menu.timeoutActionDestination);
    const invalid = targetOf(from, "invalid", menu.invalidInputAction, menu.invalidInputActionDestination);
    if (invalid) edge(from, invalid, "invalid", "Invalid input");
    if (menu.invalidInputAction === "ivr_menu") enqueue(menu.invalidInputActionDestination);
  }

  markBackEdges([...nodes.values()], edges);
  return { nodes: [...nodes.values()], edges };
}

/**
 * Marks the edges that close a loop (to a node still on the depth-first path from a root), so the
 * layout sees a tree-like graph and the drawing shows loops as edges back.
 */
export function markBackEdges(nodes: readonly FlowNode[], edges: FlowEdge[]): void {
  const out = new Map<string, FlowEdge[]>();
  const incoming = new Set<string>();
  for (const e of edges) {
    const list = out.get(e.source) ?? [];
    list.push(e);
    out.set(e.source, list);
    if (e.source !== e.target) incoming.add(e.target);
  }
  const state = new Map<string, "open" | "done">();
  // Iterative depth-first search: a 200-menu chain must not overflow the stack.
  const visit = (root: string) => {
    const stack: { id: string; next: number }[] = [{ id: root, next: 0 }];
    state.set(root, "open");
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { id: string; next: number };
      const list = out.get(top.id) ?? [];
      if (top.next >= list.length) {
        state.set(top.id, "done");
        stack.pop();
        continue;
      }
      const e = list[top.next++] as FlowEdge;
      const seen = state.get(e.target);
      if (seen === "open") e.back = true;
      else if (!seen) {
        state.set(e.target, "open");
        stack.push({ id: e.target, next: 0 });
      }
    }
  };
  // Roots first (nothing leads to them), then whatever is left (a cycle nothing enters).
  for (const n of nodes) if (!incoming.has(n.id) && !state.has(n.id)) visit(n.id);
  for (const n of nodes) if (!state.has(n.id)) visit(n.id);
}
