// What the chat view has been sent of the answer that is streaming, so that the turn's end carries
// its text again only when the view may not have all of it. A 100 KB answer then crosses to the
// view once, not twice: twice, it took the workbench's relay about twice as long (issue 48).

import type { EndedTurn, ShownTurn, ToWebview } from '../shared/protocol';

export class SentAnswer {
  private turnId: string | undefined;
  private text = '';

  /** `message` is being posted to the view. */
  sending(message: ToWebview): void {
    switch (message.type) {
      case 'turnStarted':
        return this.shown(message.turn.id, message.turn.answer);
      case 'delta':
        if (message.turnId === this.turnId) this.text += message.text;
        return;
      case 'conversation': {
        const streaming = message.turns.find((turn) => turn.status === 'streaming');
        return streaming ? this.shown(streaming.id, streaming.answer) : this.lost();
      }
      case 'turnEnded':
        return this.lost();
      case 'turnRemoved':
        if (message.turnId === this.turnId) this.lost();
        return;
      case 'sources':
      case 'activity':
      case 'context':
      case 'setup':
      case 'askResult':
      case 'focusInput':
        // None carries answer text. A new message that does must be counted here: the lint's
        // exhaustive switch check makes each message type be listed.
        return;
    }
  }

  /** A message did not reach the view: what it has of the answer is not known. */
  lost(): void {
    this.turnId = undefined;
    this.text = '';
  }

  /** `turn` as its end is sent: without its answer when the view has exactly that text already. */
  ended(turn: ShownTurn): EndedTurn {
    if (turn.id !== this.turnId || turn.answer !== this.text) return turn;
    const { answer: _answer, ...rest } = turn;
    return rest;
  }

  private shown(turnId: string, answer: string): void {
    this.turnId = turnId;
    this.text = answer;
  }
}
