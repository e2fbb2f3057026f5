import { Anchor, Button, Card, Container, Stack, Text, TextInput, Title } from "@mantine/core";
import { authMessages } from "@poundline/api/auth/messages";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { ApiError, api } from "../../lib/api";
import { toast } from "../../lib/toast";

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
      const answered = err instanceof ApiError && err.status > 0 && err.status < 500;
      toast({
        title: "Error Sending Reset Email",
        description: answered ? err.message : "An unexpected error occurred. Please try again.",
        variant: "destructive",
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <Container size={460} py="xl">
      <Stack gap="lg">
        <Stack gap={4} ta="center">
          <Title>Forgot Password</Title>
          <Text c="gray.7">Enter your email address and we will send you a link to reset your password.</Text>
        </Stack>
        <Card withBorder shadow="sm" padding="xl" radius="md">
          <form noValidate onSubmit={submit}>
            <Stack gap="md">
              <TextInput
                label="Email"
                type="email"
                required
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
              />
              <Button type="submit" fullWidth disabled={sending}>
                {sending ? "Sending..." : "Send Reset Link"}
              </Button>
            </Stack>
          </form>
        </Card>
        <Text ta="center">
          <Anchor component={Link} to="/login">
            Back to Login
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
