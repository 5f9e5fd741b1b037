// The nav area's words.
import { defineMessages } from '../define';

export const navMessages = defineMessages({
  hu: {},
  en: {},
  de: {},
});
