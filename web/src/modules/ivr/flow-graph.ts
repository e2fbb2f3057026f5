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

/** One finding of the routing validator (packages/domain/src/routing-validator.ts). */
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

/** Where one entry of a number (a time of day, a holiday) sends its calls; labels merged per place. */
interface EntrySlot {
  destination: Destination;
  labels: string[];
}

/**
 * Draws the graph breadth-first from the number (or from every menu): each menu met is queued
 * once, its keys, timeout and invalid input drawn as edges to what they lead to.
 */
class FlowGraphBuilder {
  private readonly menus: Map<string, FlowMenu>;
  private readonly extensions: Map<string, FlowExtension>;
  private readonly nodes = new Map<string, FlowNode>();
  private readonly edges: FlowEdge[] = [];
  private readonly issuesOf = new Map<string, FlowIssue[]>();
  // The menus still to draw the paths of, in the order they were met.
  private readonly queue: FlowMenu[] = [];
  private readonly expanded = new Set<string>();

  constructor(private readonly input: FlowInput) {
    this.menus = new Map(input.menus.map((m) => [m.id, m]));
    this.extensions = new Map(input.extensions.map((e) => [e.id, e]));
    for (const issue of input.issues) {
      const list = this.issuesOf.get(issue.subject) ?? [];
      list.push(issue);
      this.issuesOf.set(issue.subject, list);
    }
  }

  build(): FlowGraph {
    const number = this.input.numberId
      ? this.input.numbers.find((n) => n.numberId === this.input.numberId)
      : undefined;
    if (number) this.drawNumber(number);
    else for (const menu of this.input.menus) this.enqueue(menu.id);
    while (this.queue.length > 0) this.drawMenu(this.queue.shift() as FlowMenu);
    markBackEdges([...this.nodes.values()], this.edges);
    return { nodes: [...this.nodes.values()], edges: this.edges };
  }

  private node(n: Omit<FlowNode, "flag" | "issues">, subject: string | null): FlowNode {
    const found = subject ? (this.issuesOf.get(subject) ?? []) : [];
    const flag = found.some((i) => i.severity === "error") ? "error" : found.length > 0 ? "warning" : null;
    const made: FlowNode = { ...n, flag, issues: found.map((i) => i.message) };
    this.nodes.set(made.id, made);
    return made;
  }

  private missing(id: string, what: string): string {
    this.nodes.set(id, {
      id,
      kind: "missing",
      label: `Missing ${what}`,
      detail: null,
      menuId: null,
      flag: "error",
      issues: [`Points at ${what === "menu" ? "an IVR menu" : "an extension"} that does not exist.`],
    });
    return id;
  }

  private terminal(id: string, kind: FlowNodeKind, label: string, detail: string | null = null): string {
    this.node({ id, kind, label, detail, menuId: null }, null);
    return id;
  }

  private extensionLabel(id: string): string | null {
    const ext = this.extensions.get(id);
    return ext ? `Ext. ${ext.extensionNumber} ${ext.name}` : null;
  }

  private menuNode(menu: FlowMenu): string {
    const id = menuNodeId(menu.id);
    if (this.nodes.has(id)) return id;
    const noInput =
      menu.timeoutAction === "repeat"
        ? `No key in ${menu.timeoutSeconds}s: repeat`
        : `Timeout ${menu.timeoutSeconds}s`;
    const detail = `${noInput} · ${menu.maxInvalidInputs} wrong keys allowed`;
    this.node({ id, kind: "menu", label: menu.name, detail, menuId: menu.id }, `menu:${menu.id}`);
    return id;
  }

  /** The node a menu's action or option leads to; null when it stays in the menu (menu-level repeat). */
  private targetOf(from: string, slot: string, action: string, destination: string | null): string | null {
    const id = `${from}/${slot}`;
    switch (action) {
      case "ivr_menu": {
        const menu = destination ? this.menus.get(destination) : undefined;
        return menu ? this.menuNode(menu) : this.missing(id, "menu");
      }
      case "extension": {
        const label = destination ? this.extensionLabel(destination) : null;
        return label ? this.terminal(id, "extension", label) : this.missing(id, "extension");
      }
      case "voicemail":
        return this.terminal(
          id,
          "voicemail",
          "Voicemail",
          destination ? this.extensionLabel(destination) : null,
        );
      case "operator":
        return this.terminal(id, "operator", "Operator");
      case "hangup":
        return this.terminal(id, "hangup", "Hang up");
      case "repeat":
        return slot.startsWith("key") ? this.terminal(id, "repeat", "Repeat the menu") : null;
      case "play_message":
        return this.terminal(id, "message", "Play a message", destination ? shorten(destination) : null);
      default:
        return this.terminal(id, "hangup", action);
    }
  }

  private entryTarget(from: string, slot: string, destination: Destination): string {
    const id = `${from}/${slot}`;
    switch (destination.type) {
      case "ivr_menu":
        return this.targetOf(from, slot, "ivr_menu", destination.target) as string;
      case "extension":
        return this.targetOf(from, slot, "extension", destination.target) as string;
      case "ring_group": {
        const members = destination.ringGroup.map((e) => this.extensionLabel(e) ?? "missing extension");
        return this.terminal(id, "ring_group", "Ring group", members.join(", "));
      }
      case "forward":
        return this.terminal(id, "forward", "Forward", destination.target);
      case "voicemail":
        return this.terminal(id, "voicemail", "Voicemail");
      default:
        return this.terminal(id, "hangup", "Hang up");
    }
  }

  private edge(source: string, target: string, kind: FlowEdgeKind, label: string): void {
    this.edges.push({
      id: `${source}->${target}#${kind}:${label}`,
      source,
      target,
      kind,
      label,
      back: false,
    });
  }

  private enqueue(menuId: string | null): void {
    const menu = menuId ? this.menus.get(menuId) : undefined;
    if (menu && !this.expanded.has(menu.id)) {
      this.expanded.add(menu.id);
      this.queue.push(menu);
    }
  }

  /** The number and one edge per destination, however many times of day lead to it. */
  private drawNumber(number: FlowNumber): void {
    const numberId = `number:${number.numberId}`;
    this.node({ id: numberId, kind: "number", label: number.e164, detail: null, menuId: null }, numberId);
    const slots = new Map<string, EntrySlot>();
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
      const target = this.entryTarget(numberId, `entry${i++}`, destination);
      this.edge(numberId, target, "entry", labels.join(", "));
      if (destination.type === "ivr_menu") this.enqueue(destination.target);
    }
    // Menus the validator finds nothing leads to are shown too, marked, so they can be fixed.
    for (const issue of this.input.issues)
      if (issue.code === "unreachable_menu") this.enqueue(issue.subject.replace(/^menu:/, ""));
  }

  /** A menu's keys, timeout and invalid input, each an edge to where it leads. */
  private drawMenu(menu: FlowMenu): void {
    const from = this.menuNode(menu);
    for (const option of menu.options) {
      const target = this.targetOf(from, `key${option.keyPress}`, option.action, option.destination);
      if (target) this.edge(from, target, "key", `Key ${option.keyPress}`);
      if (option.action === "ivr_menu") this.enqueue(option.destination);
    }
    const timeout = this.targetOf(from, "timeout", menu.timeoutAction, menu.timeoutActionDestination);
    if (timeout) this.edge(from, timeout, "timeout", "Timeout");
    if (menu.timeoutAction === "ivr_menu") this.enqueue(menu.timeoutActionDestination);
    const invalid = this.targetOf(
      from,
      "invalid",
      menu.invalidInputAction,
      menu.invalidInputActionDestination,
    );
    if (invalid) this.edge(from, invalid, "invalid", "Invalid input");
    if (menu.invalidInputAction === "ivr_menu") this.enqueue(menu.invalidInputActionDestination);
  }
}

export function buildFlowGraph(input: FlowInput): FlowGraph {
  return new FlowGraphBuilder(input).build();
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
