// The data area's words.
import { defineMessages } from '../define';

export const dataMessages = defineMessages({
  hu: {},
  en: {},
  de: {},
});
