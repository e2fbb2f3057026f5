import { Graph, layout } from "@dagrejs/dagre";
import type { FlowGraph, FlowNodeKind } from "./flow-graph";

/** The drawn size of a node, by kind: menus carry a second line and badges. */
export function nodeSize(kind: FlowNodeKind): { width: number; height: number } {
  switch (kind) {
    case "menu":
      return { width: 240, height: 76 };
    case "number":
      return { width: 200, height: 52 };
    default:
      return { width: 180, height: 56 };
  }
}

/** From this many nodes the layout skips its crossing-reduction sweeps (see layoutFlow). */
export const LARGE_GRAPH_NODES = 150;

export interface LayoutInput {
  nodes: { id: string; width: number; height: number }[];
  /** Every edge but those closing a loop: the layout ranks a tree, the loops are drawn over it. */
  edges: { source: string; target: string }[];
}

/** What dagre is given: node sizes and the forward edges (once per pair of nodes). */
export function layoutInput(graph: FlowGraph): LayoutInput {
  const seen = new Set<string>();
  const edges: LayoutInput["edges"] = [];
  for (const e of graph.edges) {
    const pair = `${e.source}\u0000${e.target}`;
    if (e.back || e.source === e.target || seen.has(pair)) continue;
    seen.add(pair);
    edges.push({ source: e.source, target: e.target });
  }
  return { nodes: graph.nodes.map((n) => ({ id: n.id, ...nodeSize(n.kind) })), edges };
}

/** The top-left corner of every node, top to bottom from the number (or the first menus). */
export function layoutFlow(input: LayoutInput): Map<string, { x: number; y: number }> {
  const g = new Graph();
  g.setGraph({ rankdir: "TB", nodesep: 24, ranksep: 64, marginx: 16, marginy: 16 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of input.nodes) g.setNode(n.id, { width: n.width, height: n.height });
  for (const e of input.edges) g.setEdge(e.source, e.target);
  // A big tree keeps dagre's first ordering (depth first: a tree has no crossings to remove); the
  // crossing-reduction sweeps would take most of the time of a 200-menu layout.
  layout(g, { disableOptimalOrderHeuristic: input.nodes.length > LARGE_GRAPH_NODES });
  const positions = new Map<string, { x: number; y: number }>();
  for (const n of input.nodes) {
    const placed = g.node(n.id);
    // dagre gives centres; the drawing places nodes by their top-left corner.
    positions.set(n.id, { x: placed.x - n.width / 2, y: placed.y - n.height / 2 });
  }
  return positions;
}
