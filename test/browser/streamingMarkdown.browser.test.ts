// The streaming renderer, in Chromium, over random answers cut at random points: text that arrives
// in pieces, with frames drawn at random moments, renders exactly as the whole text does; and an
// open suggestions block never shows a half-arrived link.

import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { buildSync } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { SCAN_CHARS } from '../../src/webview/blockScanner';
import { codeBlockAnswer, sectionsAnswer } from '../emulator/floodAnswers';
import { launchChromium, REPO_ROOT } from '../runner/workbench';

/** A small seeded generator, so a failure can be replayed from its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'retry',
  'policy',
  '`code`',
  '**bold**',
  '_it_',
  '[link](/guides/chat)',
  'café',
  '🎉',
  '<b>raw</b>',
  'a|b',
  'x*y',
  'end.',
  '~tilde~',
  // Reference links, to definitions made before or after them, in any case, or nowhere.
  '[the guide][g1]',
  '[G2]',
  '[keys][Keys Page]',
  '![diagram][g1]',
  '[nothing][missing]',
  '[quoted]',
  '[listed][LISTED]',
];

/** Link reference definitions: the first of a label counts; one with an unsafe target is no definition. */
const DEFINITIONS = [
  '[g1]: /guides/chat "Chat"',
  '[g2]: https://example.com/two',
  '[keys page]:\n  /configuration/keys',
  '[g1]: /guides/other',
  '[missing]: javascript:alert(1)',
  '> [quoted]: /guides/pages',
  '- [listed]: /guides/agent-jobs',
  '> Read [the keys][Keys\n> Page] first.',
];

/** Lines of code that open and close comments and strings, so that a long block is cut only between them. */
const CODE_LINES = [
  'const retry = 1;',
  '/* a comment',
  '   that goes on',
  '*/',
  'const text = `a template',
  'over lines`;',
  '  return retry; // done',
  '',
];

function answer(next: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const longCode = () =>
    `\`\`\`${pick(['ts', ''])}\n${Array.from({ length: 30 + Math.floor(next() * 120) }, () => pick(CODE_LINES)).join('\n')}\n\`\`\``;
  const words = (n: number) => Array.from({ length: 1 + Math.floor(next() * n) }, () => pick(WORDS)).join(' ');
  const blocks: string[] = [];
  // Mostly short answers, and some long enough to fill several groups of finished blocks.
  const count = next() < 0.15 ? 40 + Math.floor(next() * 60) : 2 + Math.floor(next() * 8);
  for (let i = 0; i < count; i++) {
    const fence = pick(['```', '~~~', '````']);
    blocks.push(
      pick([
        () => words(30),
        () => `## ${words(5)}`,
        () => Array.from({ length: 2 + Math.floor(next() * 3) }, () => `- ${words(6)}`).join('\n'),
        () => Array.from({ length: 2 + Math.floor(next() * 3) }, () => `- ${words(6)}`).join('\n\n'),
        () => Array.from({ length: 2 + Math.floor(next() * 3) }, (_, n) => `${n + 1}. ${words(6)}`).join('\n'),
        () =>
          `${fence}${pick(['ts', 'json', '', 'bash'])}\nconst a = 1;\n\n${fence === '````' ? '```\nnot a close\n' : ''}~~~ inner\nreturn a;\n${fence}`,
        () => `> ${words(10)}\n> ${words(10)}`,
        () => `| a | b |\n|---|---|\n| ${words(2)} | ${words(2)} |`,
        () => '```suggestions\n(Getting started)[/getting-started]\n(API keys)[/configuration/keys]\nnot a line\n```',
        () => (next() < 0.3 ? longCode() : words(30)),
        () => Array.from({ length: 1 + Math.floor(next() * 2) }, () => pick(DEFINITIONS)).join('\n'),
      ])(),
    );
  }
  return blocks.map((block, i) => (i === 0 ? block : `${next() < 0.8 ? '\n\n' : '\n'}${block}`)).join('') + (next() < 0.5 ? '\n' : '');
}

/** Cut at random code points: many small pieces, as tokens arrive, sometimes a single character. */
function cut(text: string, next: () => number): string[] {
  const chars = [...text];
  const pieces: string[] = [];
  for (let i = 0; i < chars.length;) {
    const size = 1 + Math.floor(next() * (next() < 0.3 ? 2 : 12));
    pieces.push(chars.slice(i, i + size).join(''));
    i += size;
  }
  return pieces;
}

interface Rendered {
  readonly html: string;
  readonly suggestionTargetsWhileStreaming: string[];
}

describe('streaming Markdown, in Chromium', function () {
  this.timeout(120_000);
  let browser: Browser;
  let page: Page;

  before(async () => {
    browser = await launchChromium();
    page = await browser.newPage();
    const harness = buildSync({
      entryPoints: [path.join(REPO_ROOT, 'test', 'browser', 'page', 'streamingHarness.ts')],
      bundle: true,
      format: 'iife',
      platform: 'browser',
      write: false,
    });
    await page.setContent('<!DOCTYPE html><html><body></body></html>');
    await page.addScriptTag({ content: harness.outputFiles[0].text });
  });

  after(async () => {
    await browser?.close();
  });

  // "The whole answer" is markdown-it given all of the text at once: a link's reference may be
  // defined in any block, before or after it.
  it('renders an answer arriving in pieces exactly as the whole answer, over 300 random answers and cuts', async () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed);
      const text = answer(next);
      const pieces = cut(text, next);
      const framesAfter = pieces.map(() => next() < 0.4);
      const [streamed, whole, direct] = await page.evaluate(
        ([piecesArg, framesArg, textArg]) => {
          const api = (
            globalThis as unknown as {
              streaming: { inPieces(p: string[], f: boolean[]): Rendered; whole(t: string): Rendered; direct(t: string): string };
            }
          ).streaming;
          return [api.inPieces(piecesArg, framesArg), api.whole(textArg), api.direct(textArg)] as const;
        },
        [pieces, framesAfter, text] as const,
      );
      assert.equal(streamed.html, direct, `seed ${seed}: pieces and whole differ for ${JSON.stringify(text)}`);
      assert.equal(whole.html, direct, `seed ${seed}: one piece and whole differ for ${JSON.stringify(text)}`);
      for (const target of streamed.suggestionTargetsWhileStreaming) {
        assert.ok(
          ['/getting-started', '/configuration/keys'].includes(target),
          `seed ${seed}: a half-arrived suggestion link showed: ${target}`,
        );
      }
    }
  });

  // Answers often define their links at the end. A block that used one was drawn long before, in a
  // group full by then: that group is drawn again.
  it('draws a link whose definition comes at the end of a long answer', async () => {
    const uses = Array.from({ length: 40 }, () => '[the chat guide][the-chat-guide-reference-label]').join(' ');
    const filler = Array.from({ length: 120 }, (_, i) => `Paragraph ${i} says what the retry policy does after each failure.`);
    const text = `Intro.\n\n${uses}\n\n${filler.join('\n\n')}\n\n[The-Chat-Guide-Reference-Label]: /guides/chat\n`;
    const [result, direct] = await page.evaluate((textArg) => {
      const api = (
        globalThis as unknown as { streaming: { drawnInGroups(t: string): { html: string; groups: number }; direct(t: string): string } }
      ).streaming;
      return [api.drawnInGroups(textArg), api.direct(textArg)] as const;
    }, text);
    assert.ok(result.groups >= 2, 'the group with the links was full before the definition came');
    assert.equal(result.html, direct);
    assert.equal((result.html.match(/data-href="\/guides\/chat"/g) ?? []).length, 40);
  });

  // A line that starts with three backticks and has more after them is inline code, not a fence:
  // taken for one, the blank line in the code block after it would cut that block in two.
  it('tells inline code at the start of a line from a code fence', async () => {
    const text = '```npm i foo``` installs it.\n\n```\nfirst\n\nsecond\n```\n\nAfter the code.\n';
    const [streamed, direct] = await page.evaluate((textArg) => {
      const api = (globalThis as unknown as { streaming: { inPieces(p: string[], f: boolean[]): Rendered; direct(t: string): string } })
        .streaming;
      const pieces = textArg.match(/[^]{1,5}/g)!;
      return [
        api.inPieces(
          pieces,
          pieces.map(() => true),
        ).html,
        api.direct(textArg),
      ] as const;
    }, text);
    assert.equal(streamed, direct);
  });

  it("keeps a reader's selection in the open paragraph while more of it arrives", async () => {
    const result = await page.evaluate(() =>
      (
        globalThis as unknown as {
          streaming: { keepsSelection(a: string, b: string, s: string): { sameNode: boolean; selection: string; text: string } };
        }
      ).streaming.keepsSelection('The retry policy waits', ' a little longer each time', 'retry policy'),
    );
    assert.deepEqual(result, { sameNode: true, selection: 'retry policy', text: 'The retry policy waits a little longer each time' });
  });

  // Once a group of finished blocks is full, the unfinished block moves on to a new group: taken
  // out of the page and put back, its nodes would lose the reader's selection and focus.
  it("keeps a reader's selection and focus in the unfinished block as it moves on to a new group", async () => {
    type Kept = { groups: number; selection: string; focusedCode?: string };
    const keeps = (first: string, more: string, selected?: string) =>
      page.evaluate(
        ([firstArg, moreArg, selectedArg]) =>
          (
            globalThis as unknown as { streaming: { keepsAcrossGroups(a: string, b: string, s?: string): Kept } }
          ).streaming.keepsAcrossGroups(firstArg, moreArg, selectedArg),
        [first, more, selected] as const,
      );
    assert.deepEqual(await keeps('The retry policy waits', ' a little longer each time', 'retry policy'), {
      groups: 2,
      selection: 'retry policy',
      focusedCode: undefined,
    });
    assert.deepEqual(await keeps('```sh\nnpm install foo\n', 'npm test\n```\n'), {
      groups: 2,
      selection: '',
      focusedCode: 'npm install foo\nnpm test\n',
    });
  });

  // A long code block is drawn in chunks of lines, and a draw changes only the chunk still growing:
  // otherwise every draw would highlight, compare and lay out the whole block.
  it('draws only the last chunk of a long code block as it grows, and copies all of its code', async () => {
    const lines = Array.from({ length: 130 }, (_, i) => (i % 10 === 3 ? `/* note ${i}\n   more */` : `const line${i} = ${i};`));
    const first = `Here it is:\n\n\`\`\`ts\n${lines.slice(0, 100).join('\n')}\n`;
    const more = `${lines.slice(100).join('\n')}\n\`\`\`\n\nDone.`;
    const result = await page.evaluate(
      ([firstArg, moreArg]) =>
        (
          globalThis as unknown as {
            streaming: { growsCode(a: string, b: string): { chunksBefore: number; chunksAfter: number; kept: number; code: string } };
          }
        ).streaming.growsCode(firstArg, moreArg),
      [first, more] as const,
    );
    assert.ok(result.chunksBefore >= 2, `drawn in chunks: ${result.chunksBefore}`);
    assert.ok(result.chunksAfter > result.chunksBefore, `more chunks once it grew: ${result.chunksAfter}`);
    assert.equal(result.kept, result.chunksBefore - 1, 'every chunk but the growing one is the same, untouched');
    assert.equal(result.code, `${lines.join('\n')}\n`);
    // A draw leaves out the chunks it drew before; one that is not where it was drawn is drawn again.
    const redrawn = await page.evaluate(
      ([firstArg, moreArg]) =>
        (globalThis as unknown as { streaming: { redrawsMissingChunk(a: string, b: string): string } }).streaming.redrawsMissingChunk(
          firstArg,
          moreArg,
        ),
      [first, more] as const,
    );
    assert.equal(redrawn, `${lines.join('\n')}\n`);
  });

  // A finished block keeps the nodes it was drawn in while it was the tail: drawn anew, a selection
  // in it would be lost, and the focus on its Copy button could pass to the next code block's.
  it("keeps a reader's selection and focus in blocks as they are finished", async () => {
    const result = await page.evaluate(() =>
      (
        globalThis as unknown as {
          streaming: { keepsFinishedBlock(a: string, b: string, s: string): { selection: string; focusedCode: string | undefined } };
        }
      ).streaming.keepsFinishedBlock(
        'Install the package first:\n\n```sh\nnpm install foo\n```\n\n',
        'Then import it:\n\n```ts\nimport foo from "foo";\n```\n\nThat is all.',
        'package',
      ),
    );
    assert.deepEqual(result, { selection: 'package', focusedCode: 'npm install foo\n' });
  });

  // A cached answer or a fast model: more text at once than a frame can draw. Its end shows in the
  // first draw, where a reader at the end reads (or, past what a step scans, once the blocks' ends
  // are found, a step per SCAN_CHARS); the rest is drawn before it in steps, a frame apart; and what is
  // drawn in the end is the whole answer, as if drawn at once.
  const lastSection = (text: string) => `Section ${text.match(/^## Section (\d+)$/gm)!.length}`;
  const sections100 = sectionsAnswer(100 * 1024);
  const sections1m = sectionsAnswer(1024 * 1024);
  // Links to a definition at the very end: the groups that use it are drawn again, highlighted,
  // while their code drawn plain still waits to be highlighted.
  const linkedLate = sectionsAnswer(24 * 1024).replace(/^(The retry policy)/gm, 'See [the guide][g1]. $1') + '[g1]: /guides/chat\n';
  for (const [shape, text, end] of [
    ['100 KB of sections', sections100, lastSection(sections100)],
    ['24 KB of sections whose links are defined at the end', linkedLate, lastSection(linkedLate)],
    ['100 KB of one code block', codeBlockAnswer(100 * 1024), 'It waits longer after each failure.'],
    ['1 MB of sections', sections1m, lastSection(sections1m)],
  ] as const) {
    const scanSteps = Math.ceil(text.length / SCAN_CHARS) - 1;
    for (const complete of [true, false]) {
      it(`draws ${shape} that came at once${complete ? ' as a complete answer' : ''} in steps, its end first, and in the end as if drawn at once`, async () => {
        const [flooded, direct] = await page.evaluate(
          ([textArg, completeArg, endArg]) => {
            const api = (
              globalThis as unknown as {
                streaming: {
                  flood(
                    t: string,
                    c: boolean,
                    e: string,
                  ): {
                    stepsToEnd: number;
                    shownWithEnd: number;
                    catchingUpWithEnd: boolean;
                    steps: number;
                    catchingUpAtEnd: boolean;
                    plainWhenDrawn: number;
                    highlightingWhenDrawn: boolean;
                    plainAtEnd: number;
                    highlightingAtEnd: boolean;
                    html: string;
                  };
                  direct(t: string): string;
                };
              }
            ).streaming;
            return [api.flood(textArg, completeArg, endArg), api.direct(textArg)] as const;
          },
          [text, complete, end] as const,
        );
        assert.ok(flooded.stepsToEnd >= 0 && flooded.stepsToEnd <= scanSteps, `the end shows after ${flooded.stepsToEnd} steps`);
        assert.ok(flooded.shownWithEnd < 16 * 1024, `with a slice before it, not all: ${flooded.shownWithEnd} characters`);
        assert.ok(flooded.catchingUpWithEnd, 'the view says it is catching up');
        assert.ok(flooded.steps - flooded.stepsToEnd >= 2, `the rest in steps, not one: ${flooded.steps - flooded.stepsToEnd}`);
        assert.ok(!flooded.catchingUpAtEnd, 'and, once all is drawn, that it is not');
        // The code filled in before the end went in plain, and was highlighted after all the text was drawn.
        assert.ok(flooded.plainWhenDrawn > 0, `code still plain when all the text is drawn: ${flooded.plainWhenDrawn}`);
        assert.ok(flooded.highlightingWhenDrawn, 'the view says it is highlighting');
        assert.deepEqual([flooded.plainAtEnd, flooded.highlightingAtEnd], [0, false], 'and, once all is highlighted, that it is not');
        assert.equal(flooded.html, direct);
      });
    }
  }
});
