import { StrictMode, Suspense, use } from "react";
import { createRoot } from "react-dom/client";
import { fetchSession, type Session } from "./modules/auth/api/session";

// Asked once per page load; the page suspends on it rather than fetching in an effect.
const sessionRequest = fetchSession();

function SessionStatus({ session }: { session: Promise<Session> }) {
  const { user } = use(session);
  return <p>{user ? `Signed in as ${user.email}` : "Not signed in"}</p>;
}

function ComingSoonPage() {
  return (
    <main>
      <h1>Poundline</h1>
      <p>The Poundline console is coming soon.</p>
      <Suspense fallback={<p>Checking your session…</p>}>
        <SessionStatus session={sessionRequest} />
      </Suspense>
    </main>
  );
}

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
createRoot(container).render(
  <StrictMode>
    <ComingSoonPage />
  </StrictMode>,
);
