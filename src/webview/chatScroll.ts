// Where the chat's reader is: a reader at the end follows the answer; one who scrolled up stays on
// what they read while text moves above them (the browser's scroll anchoring keeps it there when
// the view is resized, its fonts change or a link above is drawn anew). What scrolls is an element
// that fills the page from its top, not the page: see chat.css for why.

/** Keys the browser scrolls with: it scrolls what holds the focus or was last clicked, or else the page. */
const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown', ' ']);
/** Of those, the keys that scroll up (and Space with Shift). */
const UP_KEYS = new Set(['PageUp', 'Home', 'ArrowUp']);
/**
 * How many frames a scroll up may take to leave the end before the reader counts as at the end
 * again: about half a second when frames come as they should. Counted in frames, not milliseconds,
 * because the scroll is animated frame by frame: on a busy machine frames come late, and a scroll
 * that had half a second of wall time may have had a few frames of its animation.
 */
const LEAVING_FRAMES = 30;

export class ChatScroll {
  /**
   * Whether the view follows the end of the conversation: true while the reader is at the bottom.
   * Only a scroll changes it, and a scroll event comes after layout, so reading layout there costs
   * nothing extra; a draw then scrolls without reading anything.
   */
  private following = true;
  /** Where the reader was, from the bottom, while the conversation was hidden for the set-up panel. */
  private hiddenAt: number | undefined;
  /** The reader holds the scrollbar: nothing moves the view under them. */
  private held = false;
  /** The reader began to scroll up, and the view has not yet left the end (stopsFollowingAtOnce): the frame that counts down LEAVING_FRAMES. */
  private leaving: number | undefined;

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
        if (!shown()) return;
        const atEnd = this.atEnd();
        if (this.leaving !== undefined && atEnd) return;
        this.stopLeaving();
        this.following = atEnd;
      },
      { passive: true },
    );
    this.stopsFollowingAtOnce();
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

  /**
   * A scroll up by the wheel or a key is animated: its first frames are still within reach of the
   * end, and their events would count the reader as at the end, so a flood's next step would take
   * them back there (and a step may come before the first event). So what scrolls up (the wheel, a
   * key, the scrollbar) stops the following at once, until the view has left the end; if it has not
   * within LEAVING_FRAMES (what was scrolled was not the view, or by less than the end's reach),
   * where the reader is counts again.
   */
  private stopsFollowingAtOnce(): void {
    const stop = () => {
      if (!this.following || this.scroller.scrollTop === 0) return;
      this.following = false;
      this.stopLeaving();
      let frames = LEAVING_FRAMES;
      const countDown = () => {
        if (--frames > 0) return void (this.leaving = requestAnimationFrame(countDown));
        this.leaving = undefined;
        if (this.shown() && !this.held) this.following = this.atEnd();
      };
      this.leaving = requestAnimationFrame(countDown);
    };
    this.scroller.addEventListener('wheel', (event) => void (event.deltaY < 0 && !isTextField(event.target) && stop()), {
      passive: true,
    });
    document.addEventListener('keydown', (event) => {
      const up = UP_KEYS.has(event.key) || (event.key === ' ' && event.shiftKey);
      if (up && !isTextField(event.target)) stop();
    });
    // The scrollbar is the scroller's own: a press on it holds the view until it is let go.
    this.scroller.addEventListener('pointerdown', (event) => {
      if (event.target !== this.scroller) return;
      stop();
      this.held = true;
    });
    window.addEventListener('pointerup', () => {
      if (this.held && this.shown()) this.following = this.atEnd();
      this.held = false;
    });
  }

  private stopLeaving(): void {
    if (this.leaving !== undefined) cancelAnimationFrame(this.leaving);
    this.leaving = undefined;
  }

  private readonly showEnd = (): void => {
    this.scroller.scrollTop = this.scroller.scrollHeight;
  };

  private atEnd(): boolean {
    return this.scroller.scrollHeight - this.scroller.clientHeight - this.scroller.scrollTop < 80;
  }
}

/** Where keys type rather than scroll. */
function isTextField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLInputElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
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
