// Where the chat's reader is: a reader at the end follows the answer; one who scrolled up stays on
// what they read while text moves above them (the browser's scroll anchoring keeps it there when
// the view is resized, its fonts change or a link above is drawn anew). What scrolls is an element
// that fills the page from its top, not the page: see chat.css for why.

/** Keys the browser scrolls with: it scrolls what holds the focus or was last clicked, or else the page. */
const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown', ' ']);

export class ChatScroll {
  /**
   * Whether the view follows the end of the conversation: true while the reader is at the bottom.
   * Only a scroll changes it, and a scroll event comes after layout, so reading layout there costs
   * nothing extra; a draw then scrolls without reading anything.
   */
  private following = true;
  /** Where the reader was, from the bottom, while the conversation was hidden for the set-up panel. */
  private hiddenAt: number | undefined;

  constructor(
    /** What scrolls: #app, everything in the view. */
    private readonly scroller: HTMLElement,
    conversation: HTMLElement,
    /** Whether the conversation is shown: hiding it for the set-up panel scrolls the view, not the reader. */
    private readonly shown: () => boolean,
  ) {
    scrollsWithKeys(scroller);
    scroller.addEventListener(
      'scroll',
      () => {
        if (shown()) this.following = this.atEnd();
      },
      { passive: true },
    );
    // The conversation grows or shrinks as text reflows (a wider view, larger fonts): a reader at the
    // end stays there. Anchoring keeps a reader elsewhere in place.
    new ResizeObserver(() => this.follow()).observe(conversation);
  }

  /** After an answer is drawn anew (a few times a second): its end stays in view, if the reader is there. */
  readonly follow = (): void => {
    if (this.following && this.shown()) this.showEnd();
  };

  /** Shows the end of the conversation, and follows it: a new question. */
  toEnd(): void {
    this.following = true;
    requestAnimationFrame(this.showEnd);
  }

  /**
   * Adds older turns above, keeping the reader where they are. Whether they follow the end is asked
   * afresh, before `add` draws anything: a scroll since the last slice may not have had its event
   * yet. Everything added is above the reader, so the distance to the bottom stays what it was
   * (whether or not anchoring has moved the view already).
   */
  addAbove(add: () => void): void {
    this.following = this.atEnd();
    const fromBottom = this.scroller.scrollHeight - this.scroller.scrollTop;
    add();
    if (this.following) this.showEnd();
    else this.scroller.scrollTop = this.scroller.scrollHeight - fromBottom;
  }

  /** The set-up panel takes the conversation's place: where the reader was is kept for its return. */
  hide(): void {
    this.hiddenAt ??= this.scroller.scrollHeight - this.scroller.scrollTop;
  }

  /** The conversation is back: the reader is where they were. */
  show(): void {
    if (this.hiddenAt === undefined) return;
    if (this.following) this.showEnd();
    else this.scroller.scrollTop = this.scroller.scrollHeight - this.hiddenAt;
    this.hiddenAt = undefined;
  }

  private readonly showEnd = (): void => {
    this.scroller.scrollTop = this.scroller.scrollHeight;
  };

  private atEnd(): boolean {
    return this.scroller.scrollHeight - this.scroller.clientHeight - this.scroller.scrollTop < 80;
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
