import { authMessages } from "@poundline/api/auth/messages";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import { api } from "../../lib/api";
import { toast } from "../../lib/toast";
import * as Account from "./account-layout";
import { isRefusal } from "./refusal";

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) {
      toast({ title: "Email Required", description: authMessages.emailRequired, variant: "destructive" });
      return;
    }
    setSending(true);
    try {
      await api("/api/auth/forgot-password", { method: "POST", body: { email } });
      toast({ title: "Password Reset Email Sent", description: authMessages.resetRequested });
      navigate("/login");
    } catch (err) {
      toast({
        title: "Error Sending Reset Email",
        description: isRefusal(err) ? err.message : "An unexpected error occurred. Please try again.",
        variant: "destructive",
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <Account.Page
      title="Forgot Password"
      intro="Enter your email address and we will send you a link to reset your password."
    >
      <Account.Card>
        <Account.Form onSubmit={submit}>
          <Account.EmailField value={email} onChange={setEmail} />
          <Account.Submit busy={sending} busyLabel="Sending...">
            Send Reset Link
          </Account.Submit>
        </Account.Form>
      </Account.Card>
      <Account.FooterLink to="/login">Back to Login</Account.FooterLink>
    </Account.Page>
  );
}
