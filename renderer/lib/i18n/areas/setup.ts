// The setup area's words.
import { defineMessages } from '../define';

export const setupMessages = defineMessages({
  hu: {},
  en: {},
  de: {},
});
