// The question before leaving an editor with unsaved changes (components/UnsavedDialog.svelte).
import { defineMessages } from '../define';

export const unsavedMessages = defineMessages({
  hu: {
    'unsaved.title': 'Nem mentett változások',
    'unsaved.text': 'A változások még nincsenek elmentve. Mi legyen velük, mielőtt továbblépsz?',
    'unsaved.saveDraft': 'Piszkozat mentése',
    'unsaved.save': 'Mentés',
    'unsaved.discard': 'Elvetés',
    'unsaved.stay': 'Mégse',
  },
  en: {
    'unsaved.title': 'Unsaved changes',
    'unsaved.text': 'Your changes have not been saved yet. What should happen to them before you move on?',
    'unsaved.saveDraft': 'Save draft',
    'unsaved.save': 'Save',
    'unsaved.discard': 'Discard',
    'unsaved.stay': 'Cancel',
  },
  de: {
    'unsaved.title': 'Ungespeicherte Änderungen',
    'unsaved.text': 'Ihre Änderungen sind noch nicht gespeichert. Was soll mit ihnen geschehen, bevor Sie weitergehen?',
    'unsaved.saveDraft': 'Entwurf speichern',
    'unsaved.save': 'Speichern',
    'unsaved.discard': 'Verwerfen',
    'unsaved.stay': 'Abbrechen',
  },
});
