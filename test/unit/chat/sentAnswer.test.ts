// SentAnswer: a turn's end carries its answer again only when the chat view may not have all of it.

import * as assert from 'node:assert/strict';
import { SentAnswer } from '../../../src/chat/sentAnswer';
import type { ShownTurn } from '../../../src/shared/protocol';

const turn = (answer: string, status: ShownTurn['status'] = 'done'): ShownTurn => ({
  id: 't1',
  question: 'Q',
  answer,
  sources: [],
  status,
});

describe('the answer sent to the chat view', () => {
  it('leaves the answer out of the end of a turn whose every delta reached the view', () => {
    const sent = new SentAnswer();
    sent.delivered({ type: 'turnStarted', turn: turn('', 'streaming') });
    sent.delivered({ type: 'delta', turnId: 't1', text: 'Hello, ' });
    sent.delivered({ type: 'sources', turnId: 't1', sources: [] });
    sent.delivered({ type: 'delta', turnId: 't1', text: 'world' });
    assert.deepEqual(sent.ended(turn('Hello, world')), { id: 't1', question: 'Q', sources: [], status: 'done' });
  });

  it('sends the whole answer when the view missed a delta, saw another turn, or the text is not what it was sent', () => {
    const missed = new SentAnswer();
    missed.delivered({ type: 'turnStarted', turn: turn('', 'streaming') });
    missed.delivered({ type: 'delta', turnId: 't1', text: 'Hello, ' });
    missed.lost();
    assert.equal(missed.ended(turn('Hello, world')).answer, 'Hello, world');

    const other = new SentAnswer();
    other.delivered({ type: 'turnStarted', turn: turn('', 'streaming') });
    other.delivered({ type: 'delta', turnId: 't2', text: 'Hello, world' });
    assert.equal(other.ended(turn('Hello, world')).answer, 'Hello, world', "another turn's text is not this one's");
    assert.equal(other.ended({ ...turn(''), id: 't2' }).answer, '', 'nor was that turn started in the view');

    const changed = new SentAnswer();
    changed.delivered({ type: 'turnStarted', turn: turn('', 'streaming') });
    changed.delivered({ type: 'delta', turnId: 't1', text: 'Hello' });
    assert.equal(changed.ended(turn('Hallo')).answer, 'Hallo');

    const never = new SentAnswer();
    assert.equal(never.ended(turn('Hello')).answer, 'Hello', 'nothing was sent');
  });

  it('counts a conversation sent whole as what the view has, and forgets a turn once it ended', () => {
    const sent = new SentAnswer();
    sent.delivered({ type: 'conversation', turns: [turn('Earlier'), { ...turn('Hel', 'streaming'), id: 't1' }], answering: true });
    sent.delivered({ type: 'delta', turnId: 't1', text: 'lo' });
    assert.equal(sent.ended(turn('Hello')).answer, undefined);
    sent.delivered({ type: 'turnEnded', turn: sent.ended(turn('Hello')) });
    assert.equal(sent.ended(turn('Hello')).answer, 'Hello', 'the end of a turn is sent once');

    sent.delivered({ type: 'conversation', turns: [turn('Hello')], answering: false });
    assert.equal(sent.ended(turn('Hello')).answer, 'Hello', 'no turn was streaming');
  });
});
