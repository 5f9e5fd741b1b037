// The mail area's words.
import { defineMessages } from '../define';

export const mailMessages = defineMessages({
  hu: {},
  en: {},
  de: {},
});
