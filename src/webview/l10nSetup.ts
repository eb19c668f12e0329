// The view's words in the user's language: the l10n bundle and the display language the extension
// put in the page (webviewHtml), read before any module says a word. Imported first by chat.ts.

import * as l10n from '@vscode/l10n';
import { setDisplayLanguage } from '../shared/language';
import { L10N_ELEMENT } from '../shared/protocol';

try {
  const given = JSON.parse(document.getElementById(L10N_ELEMENT)?.textContent ?? '{}') as { language?: unknown; bundle?: unknown };
  if (typeof given.language === 'string') setDisplayLanguage(given.language);
  if (given.bundle && typeof given.bundle === 'object') l10n.config({ contents: given.bundle as l10n.l10nJsonFormat });
} catch (error) {
  // Words in English rather than no view: the page's data could not be read (the extension wrote it).
  console.error('Docs Assistant: the chat view could not read its words', error);
}
