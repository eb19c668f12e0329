// The package meets what Open VSX requires of one, checked offline (issue 49), so that users of
// code-server, VSCodium and the other builds that install from Open VSX can have Docs Assistant.
// Nothing is sent anywhere. The rules, each with where it comes from:
//
// - vsce's own checks of package.json (node_modules/@vscode/vsce/out/package.js,
//   `validateManifestForPackaging`; validation.js): `vsce package` runs them, and so does
//   `ovsx publish` when it packages (it calls vsce's `createVSIX`). Run here as they are.
// - `ovsx publish` (the registry's command line, eclipse-openvsx/openvsx, cli/src): `publisher`,
//   `name` and `version` present (util.ts, `validateManifest`); for open-vsx.org a license, as
//   package.json's `license` or a LICENSE file (check-license.ts); the namespace it publishes to is
//   the package's `publisher` (publish.ts, zip.ts: read from the .vsix's extension/package.json).
// - The registry, on upload (server/…/ExtensionValidator.java, `validateNamespace`,
//   `validateExtensionName`, `validateMetadata`): namespace and name of `[\w\-+$~]+` and 255
//   characters at most; a semantic version, not `latest`, `pre-release` or `reviews`; display
//   name (255), description (2,048), each category, keyword and the license (255) without
//   control, format, private-use or unassigned characters; `homepage`, `repository` and `bugs`
//   absolute URLs when given; `markdown` github or standard; `galleryBanner.theme` dark or light;
//   `qna` marketplace, false or a URL. What the registry reads (ExtensionProcessor.java): the
//   package.json, the README, the CHANGELOG, the LICENSE and the icon of the .vsix, and the display
//   name and description vsce writes into extension.vsixmanifest from package.nls.json.
// - No proposed API: VS Code lets an extension use one only where the build or its command line
//   enables it for that extension, which nobody installing from a registry has; vsce refuses to
//   publish `enabledApiProposals` or `enableProposedApi` to the Marketplace (publish.js,
//   `validateManifestForPublishing`).

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');

/** package.json's fields these rules read. */
interface Manifest {
  readonly publisher?: string;
  readonly name?: string;
  readonly version?: string;
  readonly license?: string;
  readonly displayName?: string;
  readonly description?: string;
  readonly icon?: string;
  readonly engines?: { readonly vscode?: string };
  readonly categories?: readonly string[];
  readonly keywords?: readonly string[];
  readonly homepage?: string;
  readonly repository?: string | { readonly url?: string };
  readonly bugs?: string | { readonly url?: string };
  readonly markdown?: string;
  readonly qna?: string | false;
  readonly galleryBanner?: { readonly color?: string; readonly theme?: string };
  readonly enabledApiProposals?: readonly string[];
  readonly enableProposedApi?: boolean;
}

/** vsce's packaging module: what `vsce package` and `vsce ls` run. It ships no types. */
interface VscePackage {
  /** Reads package.json as vsce packages it: checked, its `%key%` words from package.nls.json. */
  readManifest(cwd: string): Promise<Manifest>;
  validateManifestForPackaging(manifest: Manifest): Manifest;
  /** The files `vsce ls` lists. */
  listFiles(options: { cwd: string; dependencies: boolean }): Promise<string[]>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- vsce's own checks, in its own module, which has no types
const vsce = require('@vscode/vsce/out/package') as VscePackage;

// ExtensionValidator.java's.
const NAME = /^[\w\-+$~]+$/;
const RESERVED_VERSIONS = ['latest', 'pre-release', 'reviews'];
// Java's Character types CONTROL, FORMAT, UNASSIGNED, PRIVATE_USE, LINE_SEPARATOR, PARAGRAPH_SEPARATOR.
const INVALID_CHARACTER = /[\p{Cc}\p{Cf}\p{Cn}\p{Co}\p{Zl}\p{Zp}]/u;
// semver.org's regular expression for a version.
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;
// check-license.ts's names of a license file.
const LICENSE_FILES = ['license.md', 'license', 'license.txt', 'licence.md', 'licence', 'licence.txt'];

const urlOf = (value: string | { readonly url?: string } | undefined) => (typeof value === 'string' ? value : value?.url);
const isAbsoluteUrl = (value: string) => {
  try {
    const url = new URL(value.replace(/^git\+/, ''));
    return !/^https?:$/.test(url.protocol) || url.host !== '';
  } catch {
    return false;
  }
};

/**
 * What Open VSX (its command line, then its registry) would refuse in a package of `manifest`
 * (package.json with its words from package.nls.json) and `files` (what `vsce ls` lists).
 */
function openVsxProblems(manifest: Manifest, files: readonly string[]): string[] {
  const problems: string[] = [];
  const say = (problem: string) => problems.push(problem);
  // ovsx: util.ts, validateManifest.
  for (const field of ['publisher', 'name', 'version'] as const) if (!manifest[field]) say(`no ${field}`);
  // The registry: the namespace (the publisher) and the name.
  for (const [what, value] of [
    ['namespace (publisher)', manifest.publisher],
    ['name', manifest.name],
  ] as const) {
    if (value === undefined || value === '' || value === '-') continue;
    if (!NAME.test(value)) say(`the ${what} "${value}" is not of letters, digits and _ - + $ ~`);
    if (value.length > 255) say(`the ${what} is over 255 characters`);
  }
  if (manifest.version !== undefined && (!SEMVER.test(manifest.version) || RESERVED_VERSIONS.includes(manifest.version)))
    say(`the version "${manifest.version}" is not a semantic version the registry takes`);
  // ovsx: check-license.ts; the registry shows package.json's license and the packaged file.
  const licenseFile = files.find((file) => LICENSE_FILES.includes(file.toLowerCase()));
  if (!manifest.license && !licenseFile) say('no license: neither package.json’s license nor a LICENSE file in the package');
  // The registry: what the listing shows.
  const texts: [string, string | undefined, number][] = [
    ['displayName', manifest.displayName, 255],
    ['description', manifest.description?.replace(/\u200d/g, ''), 2048],
    ['license', manifest.license, 255],
    ['galleryBanner.color', manifest.galleryBanner?.color, 16],
    ...(manifest.categories ?? []).map((category): [string, string, number] => ['categories', category, 255]),
    ...(manifest.keywords ?? []).map((keyword): [string, string, number] => ['keywords', keyword, 255]),
  ];
  for (const [field, text, limit] of texts) {
    if (text === undefined) continue;
    if (INVALID_CHARACTER.test(text)) say(`${field} "${text}" holds a control, format, private-use or unassigned character`);
    if (text.length > limit) say(`${field} is over ${limit} characters`);
  }
  for (const field of ['homepage', 'repository', 'bugs'] as const) {
    const url = urlOf(manifest[field]);
    if (url && !isAbsoluteUrl(url)) say(`${field} "${url}" is not an absolute URL`);
  }
  if (manifest.markdown && !['github', 'standard'].includes(manifest.markdown))
    say(`markdown "${manifest.markdown}" is not github or standard`);
  const theme = manifest.galleryBanner?.theme;
  if (theme && !['dark', 'light'].includes(theme)) say(`galleryBanner.theme "${theme}" is not dark or light`);
  if (typeof manifest.qna === 'string' && !['marketplace', 'false'].includes(manifest.qna) && !isAbsoluteUrl(manifest.qna))
    say(`qna "${manifest.qna}" is not marketplace, false or a URL`);
  // vsce's: what VS Code needs to install it.
  if (!manifest.engines?.vscode) say('no engines.vscode');
  // No proposed API.
  if (manifest.enabledApiProposals !== undefined) say(`enabledApiProposals: ${manifest.enabledApiProposals.join(', ')}`);
  if (manifest.enableProposedApi) say('enableProposedApi');
  // What the registry reads from the package for the listing.
  for (const file of ['package.json', 'README.md', 'CHANGELOG.md', ...(manifest.icon ? [manifest.icon.replace(/^\.\//, '')] : [])])
    if (!files.includes(file)) say(`${file} is not in the package`);
  return problems;
}

describe('the package, as Open VSX requires it', function () {
  // Loading vsce's module takes a few seconds.
  this.timeout(60_000);
  let manifest: Manifest;
  let files: string[];
  before(async () => {
    manifest = await vsce.readManifest(root);
    files = await vsce.listFiles({ cwd: root, dependencies: false });
  });

  it("passes vsce's checks, which vsce package and ovsx publish run before anything else", () => {
    // readManifest ran them; once more on package.json as it is, without its words, to be sure.
    const raw = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
    assert.doesNotThrow(() => vsce.validateManifestForPackaging(raw));
    assert.doesNotMatch(manifest.displayName ?? '', /%/, 'the display name is read from package.nls.json');
  });

  it('meets ovsx’s and the registry’s rules: publisher as namespace, name, version, license, the listing’s fields', () => {
    assert.deepEqual(openVsxProblems(manifest, files), []);
    assert.equal(manifest.publisher, 'docs-assistant', 'the Open VSX namespace the release publishes to (CONTRIBUTING.md)');
  });

  it('ships a license the package.json names: an MIT LICENSE file for an MIT license', () => {
    assert.ok(files.includes('LICENSE'), files.join(', '));
    const license = fs.readFileSync(path.join(root, 'LICENSE'), 'utf8');
    assert.equal(manifest.license, 'MIT');
    assert.match(license, /^MIT License\n\nCopyright \(c\) \d{4} \S/);
  });

  it('uses no proposed API: none enabled in package.json, no proposal’s types in the code', () => {
    assert.equal(manifest.enabledApiProposals, undefined);
    assert.equal(manifest.enableProposedApi, undefined);
    // The code type-checks against @types/vscode, which holds only the finalized API; a proposed one
    // would need its vscode.proposed.<name>.d.ts beside the code.
    const proposals: string[] = [];
    const walk = (folder: string) => {
      for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
        const child = path.posix.join(folder, entry.name);
        if (entry.isDirectory()) walk(child);
        else if (
          /vscode\.proposed\./.test(entry.name) ||
          /vscode\.proposed\.|enabledApiProposals/.test(fs.readFileSync(path.join(root, child), 'utf8'))
        )
          proposals.push(child);
      }
    };
    for (const folder of ['src', 'test/vscode', 'test/runner/hostTests']) walk(folder);
    assert.deepEqual(proposals, []);
  });

  it('lists the README’s pictures as PNGs in docs/images/, which vsce can point a listing at', () => {
    // vsce refuses an SVG from a host it does not trust, and a listing shows only https images: see
    // CONTRIBUTING.md's release steps.
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const pictures = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map(([, target]) => target);
    assert.ok(pictures.length > 0);
    for (const picture of pictures) {
      assert.match(picture, /^docs\/images\/[\w-]+\.png$/);
      assert.ok(fs.existsSync(path.join(root, picture)), picture);
    }
  });

  it('finds what Open VSX would refuse: a made-up package breaks each rule', () => {
    const broken: Manifest = {
      publisher: 'Docs Assistant',
      name: 'docs.assistant/x',
      version: 'latest',
      displayName: 'Docs\u0007Assistant',
      description: 'x'.repeat(2049),
      categories: ['AI'],
      keywords: ['\ue000'],
      repository: 'docs-assistant/docs-assistant',
      markdown: 'commonmark',
      galleryBanner: { theme: 'blue' },
      qna: 'somewhere',
      enabledApiProposals: ['chatProvider'],
      icon: 'media/icon.png',
    };
    assert.deepEqual(openVsxProblems(broken, ['package.json']), [
      'the namespace (publisher) "Docs Assistant" is not of letters, digits and _ - + $ ~',
      'the name "docs.assistant/x" is not of letters, digits and _ - + $ ~',
      'the version "latest" is not a semantic version the registry takes',
      'no license: neither package.json’s license nor a LICENSE file in the package',
      'displayName "Docs\u0007Assistant" holds a control, format, private-use or unassigned character',
      'description is over 2048 characters',
      'keywords "\ue000" holds a control, format, private-use or unassigned character',
      'repository "docs-assistant/docs-assistant" is not an absolute URL',
      'markdown "commonmark" is not github or standard',
      'galleryBanner.theme "blue" is not dark or light',
      'qna "somewhere" is not marketplace, false or a URL',
      'no engines.vscode',
      'enabledApiProposals: chatProvider',
      'README.md is not in the package',
      'CHANGELOG.md is not in the package',
      'media/icon.png is not in the package',
    ]);
    assert.deepEqual(openVsxProblems({}, []), [
      'no publisher',
      'no name',
      'no version',
      'no license: neither package.json’s license nor a LICENSE file in the package',
      'no engines.vscode',
      'package.json is not in the package',
      'README.md is not in the package',
      'CHANGELOG.md is not in the package',
    ]);
  });
});
