/** What `GET /api/auth/session` answers. */
export interface Session {
  user: { email: string } | null;
}

const signedOut: Session = { user: null };

/** The current session; anything but a well-formed 2xx answer counts as signed out. */
export async function fetchSession(): Promise<Session> {
  try {
    const res = await fetch("/api/auth/session", {
      credentials: "same-origin",
      headers: { accept: "application/json" },
    });
    if (!res.ok) return signedOut;
    const body = (await res.json()) as Partial<Session> | null;
    const email = body?.user?.email;
    return typeof email === "string" ? { user: { email } } : signedOut;
  } catch {
    return signedOut;
  }
}
