// 3a. Growth of the chat: a conversation of 20, then 200, turns shown again after a reload, in
// headless Chromium with the packaged view. How soon the newest turn is painted, how long until
// every turn is drawn, and the longest main-thread task meanwhile; and how each grows from 20 to 200.

import type { Browser } from 'playwright-core';
import { DocsIndex, defaultDocsDir } from '../test/emulator/docsIndex';
import { launchChromium } from '../test/runner/workbench';
import { mainThreadTasks, openView, packagedView } from './chromiumPage';
import { ms, ratio, type Row } from './measure';

const SIZES = [20, 200] as const;

/** Answers as the assistant gives them: a sample page's first 1 to 6 KB, cut at a line end, with sources. */
export function turns(count: number): object[] {
  const pages = DocsIndex.fromFolder(defaultDocsDir()).all();
  return Array.from({ length: count }, (_, i) => {
    const page = pages[i % pages.length];
    const size = 1024 * (1 + (i % 6));
    const cut = page.text.length > size ? page.text.lastIndexOf('\n', size) : page.text.length;
    return {
      id: `turn-${i}`,
      question: `How do I ${page.title.toLowerCase()}? (${i})`,
      answer: page.text.slice(0, cut > 0 ? cut : size),
      sources: [{ title: page.title, url: `https://docs.example.com/${page.path}` }],
      status: 'done',
    };
  });
}

interface RestoreFigures {
  readonly firstPaintMs: number;
  readonly allDrawnMs: number;
  readonly longestTaskMs: number;
  readonly tasksOver50: number;
  readonly totalMs: number;
}

async function measure(browser: Browser, count: number): Promise<RestoreFigures> {
  const page = await openView(browser, packagedView());
  await page.evaluate((list) => Object.assign(globalThis, { benchTurns: list }), turns(count));
  type RunRestore = () => Promise<{ firstPaintMs: number; allDrawnMs: number }>;
  const { result, totalMs, tasks } = await mainThreadTasks(browser, page, () =>
    page.evaluate(() => (globalThis as unknown as { runRestore: RunRestore }).runRestore()),
  );
  await page.close();
  return {
    ...result,
    totalMs,
    longestTaskMs: Math.max(0, ...tasks),
    tasksOver50: tasks.filter((duration) => duration > 50).length,
  };
}

export async function benchChatRestore(log: (line: string) => void): Promise<{ rows: Row[] }> {
  const browser = await launchChromium();
  try {
    const figures = new Map<number, RestoreFigures>();
    for (const count of SIZES) {
      const result = await measure(browser, count);
      figures.set(count, result);
      log(
        `${count} turns: newest painted after ${ms(result.firstPaintMs)}, all drawn after ${ms(result.allDrawnMs)}, ${ms(result.totalMs)} of main-thread tasks, longest ${ms(result.longestTaskMs)} (${result.tasksOver50} over 50 ms)`,
      );
    }
    const [small, large] = SIZES.map((count) => figures.get(count)!);
    const growth = (of: (figures: RestoreFigures) => number) => `${ratio(of(large) / of(small))} from 20`;
    return {
      rows: [
        {
          measure: 'chat restore: 200 turns, newest turn painted after the conversation arrives',
          ours: ms(large.firstPaintMs),
          baseline: `${ms(small.firstPaintMs)} (20 turns)`,
          ratio: growth((f) => f.firstPaintMs),
          goal: 'within 100 ms',
          met: large.firstPaintMs < 100,
        },
        {
          measure: 'chat restore: 200 turns, longest main-thread task until all are drawn',
          ours: ms(large.longestTaskMs),
          baseline: `${ms(small.longestTaskMs)} (20 turns)`,
          ratio: growth((f) => f.longestTaskMs),
          goal: 'no task over 50 ms',
          met: large.tasksOver50 === 0,
        },
        {
          measure: 'chat restore: 200 turns, all drawn (older turns in slices, above the newest)',
          ours: ms(large.allDrawnMs),
          baseline: `${ms(small.allDrawnMs)} (20 turns)`,
          ratio: growth((f) => f.allDrawnMs),
          goal: '',
        },
      ],
    };
  } finally {
    await browser.close();
  }
}
