// CHANGELOG.md as a Marketplace or Open VSX user reads it in the listing's Changelog tab (issue
// 49): what has landed since the last release under "Unreleased", at the top; then one entry per
// release, the newest first, as "<version> - <date>", the newest being package.json's version;
// each in Keep a Changelog's kinds of change.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');
/** Keep a Changelog's kinds of change, and the one this project adds. */
const KINDS = ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security', 'Accessibility'];

interface Entry {
  readonly heading: string;
  readonly body: string;
}

/** The `## ` sections of a changelog, with what each holds. */
function entriesOf(changelog: string): Entry[] {
  return changelog
    .split(/^## /m)
    .slice(1)
    .map((section) => {
      const [heading, ...body] = section.split('\n');
      return { heading: heading.trim(), body: body.join('\n') };
    });
}

/** What is wrong with a changelog's shape, for a package at `version`. */
function changelogProblems(changelog: string, version: string): string[] {
  const problems: string[] = [];
  if (!changelog.startsWith('# Changelog\n')) problems.push('it does not begin with "# Changelog"');
  const entries = entriesOf(changelog);
  if (entries[0]?.heading !== 'Unreleased') problems.push(`its first entry is "${entries[0]?.heading}", not "Unreleased"`);
  const releases = entries[0]?.heading === 'Unreleased' ? entries.slice(1) : entries;
  let newer: { version: number[]; date: string } | undefined;
  for (const { heading, body } of releases) {
    const release = /^(\d+)\.(\d+)\.(\d+) - (\d{4}-\d{2}-\d{2})$/.exec(heading);
    if (!release) {
      problems.push(`"${heading}" is not "<major>.<minor>.<patch> - <yyyy-mm-dd>"`);
      continue;
    }
    const numbers = release.slice(1, 4).map(Number);
    const date = release[4];
    if (Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date)
      problems.push(`${heading}: ${date} is no day`);
    if (newer) {
      const order = numbers.map((n, i) => n - newer!.version[i]).find((d) => d !== 0) ?? 0;
      if (order >= 0) problems.push(`${heading} comes after a newer or equal version: the newest release comes first`);
      if (date > newer.date) problems.push(`${heading} is dated after the release above it`);
    }
    newer = { version: numbers, date };
    if (!/^### /m.test(body)) problems.push(`${heading} says nothing under a kind of change`);
  }
  for (const { heading, body } of entries) {
    for (const [, kind] of body.matchAll(/^### (.+)$/gm))
      if (!KINDS.includes(kind)) problems.push(`${heading}: "${kind}" is not one of ${KINDS.join(', ')}`);
  }
  const newest = releases[0]?.heading.split(' - ')[0];
  if (newest !== version) problems.push(`package.json's version ${version} is not the newest release's (${newest})`);
  return problems;
}

describe('the changelog', () => {
  it('has "Unreleased" first, then one entry per release, the newest first, the newest package.json’s version', () => {
    const changelog = fs.readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
    const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
    assert.deepEqual(changelogProblems(changelog, version), []);
  });

  it('says what is out of shape: a release out of order, a version the package is not at, a kind of change of its own', () => {
    const changelog = [
      '# Changelog',
      '## 0.3.0 - 2026-12-01',
      '### Added',
      '- Something.',
      '## 0.2.0 - 2026-11-31',
      '### Improvements',
      '- Something.',
      '## 0.2.1 - 2026-11-30',
      '### Fixed',
      '- Something.',
      '## [0.1.0] - 2026-11-21',
      '- Something.',
      '',
    ].join('\n');
    assert.deepEqual(changelogProblems(changelog, '0.4.0'), [
      'its first entry is "0.3.0 - 2026-12-01", not "Unreleased"',
      '0.2.0 - 2026-11-31: 2026-11-31 is no day',
      '0.2.1 - 2026-11-30 comes after a newer or equal version: the newest release comes first',
      '"[0.1.0] - 2026-11-21" is not "<major>.<minor>.<patch> - <yyyy-mm-dd>"',
      '0.2.0 - 2026-11-31: "Improvements" is not one of Added, Changed, Deprecated, Removed, Fixed, Security, Accessibility',
      "package.json's version 0.4.0 is not the newest release's (0.3.0)",
    ]);
  });
});
