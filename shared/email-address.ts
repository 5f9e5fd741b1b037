// E-mail addresses as Folio checks them everywhere (the mail set-up, a client's address, a reminder's Reply-To): one
// rule, so a client the send dialog accepts is one the reminders accept too.
const ADDRESS = /^[^\s@<>]+@[^\s@<>]+$/;

/** A bare address, or the address inside "Name <address>". */
export function addressOf(from: string): string {
  const m = /<([^<>]+)>\s*$/.exec(from);
  return (m ? m[1]! : from).trim();
}

export function isEmailAddress(value: string): boolean {
  return ADDRESS.test(value.trim());
}
