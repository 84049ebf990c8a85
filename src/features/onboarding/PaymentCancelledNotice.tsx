import { useEffect } from "react";
import { Alert } from "../../ui/Alert";
import { toast } from "../../ui/toast";
import { CHECKOUT_MESSAGES } from "../../domain/billing";

/** After a cancelled checkout (payment=cancelled): the 'Payment Cancelled' toast once, and the orange banner. */
export function PaymentCancelledNotice() {
  useEffect(() => {
    toast({ title: CHECKOUT_MESSAGES.paymentCancelled, description: "No payment was taken. Your details are saved, so you can try again.", variant: "error" });
  }, []);
  return (
    <Alert variant="warning" title={CHECKOUT_MESSAGES.paymentCancelled}>
      No payment was taken. Check your details and start your free trial again when you are ready.
    </Alert>
  );
}
