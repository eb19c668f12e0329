// Branch names from outside (a job's `source.ref`, sent by the platform) go to git as arguments.
// One that git could read as an option (`--upload-pack=…`) or a refspec (`x:refs/heads/main`)
// would run a command or overwrite the user's branches; only a plain branch name is used.

/**
 * Whether `name` is a plain branch name as `git check-ref-format --branch` takes one, and no more:
 * nothing that starts like an option or a ref path, no refspec or revision syntax, no `HEAD`.
 */
export function isSafeBranchName(name: string): boolean {
  if (name === '' || name.length > 250 || name === 'HEAD' || name === '@') return false;
  if (/^[-+/]|^refs\//.test(name) || /[/.]$/.test(name)) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\s\x00-\x1f\x7f~^:?*[\\]|\.\.|@\{|\/\//.test(name)) return false;
  return name.split('/').every((part) => part !== '' && !part.startsWith('.') && !part.endsWith('.lock'));
}
