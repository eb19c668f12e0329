// What git says when it fails, as the Git extension passes it on: its own words for a sentence,
// and the files it names when it refuses a checkout.

/** What a failed git command throws, as far as the Git extension describes it. */
export interface GitFailure {
  readonly message?: string;
  readonly stderr?: string;
  readonly gitErrorCode?: string;
}

/** Git's own words for a failure: its error output, without its hints, else the message. */
export function gitWords(error: unknown): string {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as GitFailure;
  const text = (failure.stderr ?? '').trim() || (failure.message ?? '').trim() || String(error);
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^hint:/i.test(line));
  const words = lines.join(' ');
  return words.length > 500 ? `${words.slice(0, 499)}…` : words;
}

/** Whether git said the ref it was asked to fetch is not on the remote. */
export function isMissingRef(words: string): boolean {
  return /couldn't find remote ref|no such ref|not our ref/i.test(words);
}

/**
 * Whether git refused to write its config because another git process held its lock: a passing
 * state (VS Code's own Git extension writes a branch's merge base there as HEAD moves onto it).
 */
export function isConfigLocked(words: string): boolean {
  return /could not lock config file/i.test(words);
}

/** The files git named when it refused a checkout over uncommitted changes; undefined for any other failure. */
export function overwritten(error: unknown): string[] | undefined {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as GitFailure;
  const stderr = failure.stderr ?? '';
  if (failure.gitErrorCode !== 'DirtyWorkTree' && !/would be overwritten by checkout|commit your changes or stash them/i.test(stderr))
    return undefined;
  // Git lists them one to a line, indented by a tab.
  return stderr
    .split('\n')
    .filter((line) => line.startsWith('\t'))
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
