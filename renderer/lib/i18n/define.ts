// A feature's own dictionary: the same keys in all three languages, checked by the type (a key missing from en or de
// does not compile). The main dictionaries (hu.ts, en.ts, de.ts) hold the shared words; each setup area keeps its own
// file in areas/, so the screens of one area change one file.
export function defineMessages<K extends string>(messages: { hu: Record<K, string>; en: NoInfer<Record<K, string>>; de: NoInfer<Record<K, string>> }) {
  return messages;
}
