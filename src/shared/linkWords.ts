// What a link says, shown so that it cannot claim to go somewhere it does not. A link whose words
// are, or hold, a web address (or what looks like one: `docs.example.com/x`, `www.example.com`) of
// another origin than the link's target shows the target instead: `Sign in at docs.example.com`
// cannot open another host. And the characters that reorder text (U+202E and its kin) are taken out
// of every link's words, so that `moc.elpmaxe` cannot show as `example.com`. One rule for the chat
// view and for @docs in VS Code's Chat view.

/** Characters that change the order text is shown in. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** A word that names a place on the web, with or without its scheme. */
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const HOST_LIKE = /^(?:www\.|[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}[\p{L}\p{N}-]+(?::\d+)?(?:[/?#]|$))/iu;

/** Text without the characters that change the order it is shown in. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/** Marks around a word in a sentence: `(docs.example.com)`, `docs.example.com,` `“www.example.com”`. */
const AROUND = /^[\p{Ps}\p{Pi}"'<*_`]+|[\p{Pe}\p{Pf}"'>*_`.,;:!?…]+$/gu;
/**
 * The endings of the files a sentence names (`settings.json`, `README.md`): in a sentence, such a
 * word is a file's name, not a host's, unless it says more (a scheme, `www.`, a port or a path).
 * A link whose words are that word alone still shows its target: the safe way to be wrong.
 */
const FILE_ENDING =
  /\.(?:md|mdx|json|jsonc|js|mjs|cjs|ts|tsx|jsx|py|sh|rs|go|rb|java|cs|php|css|html|txt|yml|yaml|toml|xml|lock|ini|cfg|env|log|png|svg|jpg|gif|zip|pdf|exe|dll|bat|msi)$/i;

/** The words to show for a link to `target` (an http(s) address or a page's path) whose words are `words`. */
export function linkWords(words: string, target: string): string {
  const shown = withoutBidiControls(words);
  const named = shown.trim().split(/\s+/);
  const addresses = named.length === 1 ? named.filter(isAddress) : named.map((word) => word.replace(AROUND, '')).filter(namesHost);
  return addresses.every((address) => sameOrigin(address, target)) ? shown : target.trim();
}

function isAddress(word: string): boolean {
  return SCHEME.test(word) || HOST_LIKE.test(word);
}

/** A word of a sentence that names a host: an address, but not a file's name. */
function namesHost(word: string): boolean {
  if (!isAddress(word)) return false;
  return SCHEME.test(word) || /^www\./i.test(word) || /[:/?#]/.test(word) || !FILE_ENDING.test(word);
}

/** Whether an address written in a link's words names the origin the link goes to. */
function sameOrigin(written: string, target: string): boolean {
  const url = (address: string) => (URL.canParse(address) ? new URL(address) : undefined);
  const to = url(target.trim());
  if (!to || !/^https?:$/.test(to.protocol)) return false;
  const named = url(SCHEME.test(written) ? written : `${to.protocol}//${written}`);
  return named !== undefined && named.origin === to.origin;
}
