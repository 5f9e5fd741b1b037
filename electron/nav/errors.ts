// Errors of the NAV module. A NavDataError means the invoice cannot be turned into a schema-valid report at all
// (no number, no usable seller tax number or address): sending it would only earn a rejection, so the caller
// should show `field` and the message to the user instead of queueing it.
export class NavDataError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'NavDataError';
  }
}
