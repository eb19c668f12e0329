// VS Code's pseudo-language (qps-ploc), for the test that no word of the chat view is left outside
// the l10n bundle (test/browser/chatLanguages): what is not pseudo-translated in a text.

export const PSEUDO = 'qps-ploc';

/**
 * The words of `text` that are not pseudo-translated: runs of three or more plain ASCII letters,
 * once what the test says is data (addresses, setting names, the product's name) is taken out.
 */
export function untranslated(text: string, data: readonly (string | RegExp)[] = []): string[] {
  let rest = text.replace(/Docs Assistant/g, ' ');
  for (const item of [/https?:\/\/\S+/g, /\bdocsAssistant[.\w]*/g, /\bhttp\.\w+/g, ...data])
    rest = typeof item === 'string' ? rest.split(item).join(' ') : rest.replace(item, ' ');
  return rest.match(/[A-Za-z]{3,}/g) ?? [];
}
