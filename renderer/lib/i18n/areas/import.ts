// The import area's words.
import { defineMessages } from '../define';

export const importMessages = defineMessages({
  hu: {},
  en: {},
  de: {},
});
