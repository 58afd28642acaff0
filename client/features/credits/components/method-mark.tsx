/** A small neutral tile with the method's initials: recognisable without shipping brand logos. */
export function MethodMark({ method }: { method: string }) {
  const short: Record<string, string> = {
    sdd: "SEPA",
    sct: "SEPA",
    prezelewy24: "P24",
    blik: "BLIK",
    giropay: "giro",
    mastercard: "MC",
    visa: "VISA",
    creditcard: "CARD",
    cartebancaire: "CB",
    nexi: "nexi",
    ideal: "iD",
    bancontact: "BC",
    applepay: "Pay",
    paysafecard: "psc",
    maestro: "MAE",
    paypal: "PP",
    sofort: "SOF",
    eps: "eps",
  };
  return (
    <span className="method-mark" aria-hidden="true">
      {short[method] ?? method.slice(0, 4)}
    </span>
  );
}
