// Where the chat's reader is, kept through everything that moves text: an answer drawn, older turns
// drawn above, a turn removed, the view resized, VS Code's fonts changed, answers measured again. A
// reader at the end follows it; one who scrolled up keeps the block they were reading where it stood.
// The view scrolls itself, so the browser's scroll anchoring is off (chat.css). What scrolls is an
// element that fills the page from its top, not the page: see chat.css for why.

import { drift, placeAtTop, type ReadingPlace } from './readingPlace';
import { remeasureSettled } from './streamingMarkdown';

/** How long the view's size or fonts must hold still before settled answers are measured again. */
const SIZE_STILL_MS = 150;
/**
 * The font variables chat.css uses. VS Code sets them on the root element with the theme's colours,
 * and sets all of them again on any theme change: only a change to these reflows text.
 */
const FONT_VARIABLES = ['--vscode-font-family', '--vscode-font-size', '--vscode-editor-font-family', '--vscode-editor-font-size'];
/** Keys the browser scrolls with: it scrolls what holds the focus or was last clicked, or else the page. */
const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown', ' ']);

export class ChatScroll {
  /**
   * Whether the view follows the end of the conversation: true while the reader is at the bottom.
   * Only a scroll changes it, and a scroll event comes after layout, so reading layout there costs
   * nothing extra; a draw then scrolls without reading anything.
   */
  private following = true;
  /** Where a reader who is not at the end is reading, taken at each scroll. */
  private place: ReadingPlace | undefined;
  private remeasureTimer: ReturnType<typeof setTimeout> | undefined;
  /** The width answers were last measured at: a change of the view's height alone reflows nothing. */
  private measuredWidth: number;
  private fonts = fontsNow();

  constructor(
    /** What scrolls: #app, everything in the view. */
    private readonly scroller: HTMLElement,
    private readonly conversation: HTMLElement,
    /** Whether the conversation is shown: hiding it for the set-up panel scrolls the view, not the reader. */
    private readonly shown: () => boolean,
  ) {
    this.measuredWidth = scroller.clientWidth;
    scrollsWithKeys(scroller);
    scroller.addEventListener(
      'scroll',
      () => {
        if (shown()) this.takePlace();
      },
      { passive: true },
    );
    window.addEventListener('resize', () => (scroller.clientWidth === this.measuredWidth ? this.keepPlace() : this.reflowed()));
    new MutationObserver(() => {
      const fonts = fontsNow();
      if (fonts === this.fonts) return;
      this.fonts = fonts;
      this.reflowed();
    }).observe(document.documentElement, { attributes: true, attributeFilter: ['style'] });
  }

  /** After an answer is drawn anew (a few times a second): its end stays in view, if the reader is there. */
  readonly follow = (): void => {
    if (this.following) this.showEnd();
  };

  /** Shows the end of the conversation, and follows it: a new question. */
  toEnd(): void {
    this.following = true;
    requestAnimationFrame(this.showEnd);
  }

  /**
   * Adds older turns above, keeping the reader where they are. Where that is is asked afresh, as a
   * scroll since the last slice may not have had its event yet, and before `add` draws anything:
   * each turn drawn calls follow(), which would carry the reader to the end on a stale answer. All
   * the scroller's content grows by is above the reader, so the view scrolls by just that.
   */
  addAbove(add: () => void): void {
    this.following = this.atEnd();
    const height = this.following ? 0 : this.scroller.scrollHeight;
    add();
    if (this.following) this.showEnd();
    else this.scroller.scrollTop += this.scroller.scrollHeight - height;
  }

  /** After text above the reader moved: the end stays in view, or the block they were reading stays put. */
  keepPlace(): void {
    if (!this.shown()) return;
    if (this.following) return this.follow();
    if (!this.place) return;
    this.scroller.scrollTop += drift(this.place);
    // Taken again: a second call before the scroll's event then moves nothing, and a block removed is replaced.
    this.place = placeAtTop(this.conversation);
  }

  /** Measures every settled answer again at the view's width: after a reflow, or once the chat is shown again. */
  remeasure(): void {
    clearTimeout(this.remeasureTimer);
    this.measuredWidth = this.scroller.clientWidth;
    remeasureSettled(this.conversation);
    this.keepPlace();
  }

  private readonly showEnd = (): void => {
    this.scroller.scrollTop = this.scroller.scrollHeight;
  };

  private atEnd(): boolean {
    return this.scroller.scrollHeight - this.scroller.clientHeight - this.scroller.scrollTop < 80;
  }

  private takePlace(): void {
    this.following = this.atEnd();
    this.place = this.following ? undefined : placeAtTop(this.conversation);
  }

  /** Text reflowed (the width or the fonts changed): the reader keeps their place, and once the change holds still, answers are measured again. */
  private reflowed(): void {
    this.keepPlace();
    clearTimeout(this.remeasureTimer);
    this.remeasureTimer = setTimeout(() => this.remeasure(), SIZE_STILL_MS);
  }
}

/**
 * With nothing focused, the browser scrolls what holds the text last clicked, and Tab goes on from
 * there. With nothing clicked either (the view just focused from VS Code), it would scroll the page,
 * which does not scroll: then the scroller takes the focus first. It can take the focus only while
 * it has it: focusable, it would take the focus of every click in it, and Tab would go on from its
 * top rather than from the text clicked.
 */
function scrollsWithKeys(scroller: HTMLElement): void {
  let clicked: Node | undefined;
  document.addEventListener('keydown', (event) => {
    if (event.target !== document.body || !SCROLL_KEYS.has(event.key) || clicked?.isConnected) return;
    scroller.tabIndex = -1;
    scroller.focus({ preventScroll: true });
  });
  scroller.addEventListener('blur', () => scroller.removeAttribute('tabindex'));
  scroller.addEventListener('mousedown', (event) => {
    scroller.removeAttribute('tabindex');
    clicked = event.target as Node;
  });
}

function fontsNow(): string {
  return FONT_VARIABLES.map((name) => document.documentElement.style.getPropertyValue(name)).join('|');
}
