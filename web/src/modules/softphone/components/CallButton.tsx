import { ActionIcon, Tooltip } from "@mantine/core";
import { Phone } from "lucide-react";
import { useCan } from "../../../app/session";
import { formatPhone } from "../../../ui/format";
import { placeCall } from "../store";

/** A phone number one could dial (not "Anonymous", a client's identity or a SIP address). */
export const isDialable = (number: string) => /^\+?\d{7,15}$/.test(number.replace(/[\s().-]/g, ""));

/**
 * Calls a number from this browser with the member's default caller ID: the softphone panel opens
 * to show the call. Only for members who may place calls.
 */
export function CallButton({ number, size = "md" }: { number: string; size?: "sm" | "md" }) {
  const canCall = useCan("calls.place");
  if (!canCall || !isDialable(number)) return null;
  const label = `Call ${formatPhone(number)}`;
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        size={size}
        aria-label={label}
        onClick={() => void placeCall({ To: number })}
      >
        <Phone size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
