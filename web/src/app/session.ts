import { create } from "zustand";
import { api } from "../lib/api";

/** The signed-in user as `GET /api/auth/session` gives it. */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}
export interface SessionAccount {
  id: string;
  companyName: string;
  role: string;
}
export interface SessionResponse {
  user: SessionUser | null;
  account: SessionAccount | null;
  isAdmin: boolean;
}

interface SessionState extends SessionResponse {
  /** "loading" until the first session check finishes (seed 000: "Loading application..."). */
  status: "loading" | "ready";
  load(): Promise<void>;
  /** After sign-in: the login answer is the new session. */
  signedIn(session: SessionResponse): void;
  signOut(): Promise<void>;
}

const signedOut: SessionResponse = { user: null, account: null, isAdmin: false };

export const useSession = create<SessionState>((set) => ({
  status: "loading",
  ...signedOut,
  async load() {
    try {
      const session = await api<SessionResponse>("/api/auth/session");
      set({ status: "ready", ...session, isAdmin: Boolean(session.user && session.isAdmin) });
    } catch {
      // A failed check counts as signed out; the admin flag is false without a session.
      set({ status: "ready", ...signedOut });
    }
  },
  signedIn(session) {
    set({ status: "ready", ...session, isAdmin: Boolean(session.user && session.isAdmin) });
  },
  async signOut() {
    try {
      await api("/api/auth/logout", { method: "POST" });
    } finally {
      set({ status: "ready", ...signedOut });
    }
  },
}));
