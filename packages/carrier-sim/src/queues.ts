/**
 * The carrier's call queues, per sim: a caller executing <Enqueue> waits in the named queue until
 * a call's <Dial><Queue> takes it (first in, first out) or it leaves.
 */

/** A caller waiting in a queue; `bridged` is set by the call that dequeues it. */
export interface QueuedCaller {
  callSid: string;
  bridged: { callSid: string; talkSeconds: number } | null;
}

export class QueueRegistry {
  private readonly queues = new Map<string, QueuedCaller[]>();

  enqueue(name: string, caller: QueuedCaller): void {
    const queue = this.queues.get(name) ?? [];
    queue.push(caller);
    this.queues.set(name, queue);
  }

  /** Takes the longest-waiting caller of the queue out of it, if any. */
  dequeue(name: string): QueuedCaller | undefined {
    const queue = this.queues.get(name);
    const caller = queue?.shift();
    if (queue && queue.length === 0) this.queues.delete(name);
    return caller;
  }

  /** A caller leaves the queue (Leave, hang-up) without being taken. */
  remove(name: string, caller: QueuedCaller): void {
    const queue = this.queues.get(name);
    if (!queue) return;
    const rest = queue.filter((c) => c !== caller);
    if (rest.length === 0) this.queues.delete(name);
    else this.queues.set(name, rest);
  }

  /** The caller's place in the queue, from 1 (the next to be taken). */
  position(name: string, caller: QueuedCaller): number {
    return (this.queues.get(name)?.indexOf(caller) ?? 0) + 1;
  }

  size(name: string): number {
    return this.queues.get(name)?.length ?? 0;
  }

  clear(): void {
    this.queues.clear();
  }
}
