// What a link says, shown so that it cannot claim to go somewhere it does not. A link's words that
// are themselves a web address (or look like one: `docs.example.com/x`, `www.example.com`) and name
// another origin than the link's target are replaced by the target; and the characters that reorder
// text (U+202E and its kin) are taken out of every link's words, so that `moc.elpmaxe` cannot show as
// `example.com`. One rule for the chat view and for @docs in VS Code's Chat view.

/** Characters that change the order text is shown in. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** A word that names a place on the web, with or without its scheme. */
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const HOST_LIKE = /^(?:www\.|[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}[\p{L}\p{N}-]+(?::\d+)?(?:[/?#]|$))/iu;

/** Text without the characters that change the order it is shown in. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/** The words to show for a link to `target` (an http(s) address or a page's path) whose words are `words`. */
export function linkWords(words: string, target: string): string {
  const shown = withoutBidiControls(words);
  const named = shown.trim();
  if (/\s/.test(named) || !(SCHEME.test(named) || HOST_LIKE.test(named))) return shown;
  return sameOrigin(named, target) ? shown : target.trim();
}

/** Whether an address written in a link's words names the origin the link goes to. */
function sameOrigin(written: string, target: string): boolean {
  const url = (address: string) => (URL.canParse(address) ? new URL(address) : undefined);
  const to = url(target.trim());
  if (!to || !/^https?:$/.test(to.protocol)) return false;
  const named = url(SCHEME.test(written) ? written : `${to.protocol}//${written}`);
  return named !== undefined && named.origin === to.origin;
}
