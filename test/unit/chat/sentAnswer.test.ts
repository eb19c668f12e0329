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
    sent.sending({ type: 'turnStarted', turn: turn('', 'streaming') });
    sent.sending({ type: 'delta', turnId: 't1', text: 'Hello, ' });
    sent.sending({ type: 'sources', turnId: 't1', sources: [] });
    sent.sending({ type: 'delta', turnId: 't1', text: 'world' });
    assert.deepEqual(sent.ended(turn('Hello, world')), { id: 't1', question: 'Q', sources: [], status: 'done' });
  });

  it('sends the whole answer when the view missed a delta, saw another turn, or the text is not what it was sent', () => {
    const missed = new SentAnswer();
    missed.sending({ type: 'turnStarted', turn: turn('', 'streaming') });
    missed.sending({ type: 'delta', turnId: 't1', text: 'Hello, ' });
    missed.lost();
    assert.equal(missed.ended(turn('Hello, world')).answer, 'Hello, world');

    const other = new SentAnswer();
    other.sending({ type: 'turnStarted', turn: turn('', 'streaming') });
    other.sending({ type: 'delta', turnId: 't2', text: 'Hello, world' });
    assert.equal(other.ended(turn('Hello, world')).answer, 'Hello, world', "another turn's text is not this one's");
    assert.equal(other.ended({ ...turn(''), id: 't2' }).answer, '', 'nor was that turn started in the view');

    const changed = new SentAnswer();
    changed.sending({ type: 'turnStarted', turn: turn('', 'streaming') });
    changed.sending({ type: 'delta', turnId: 't1', text: 'Hello' });
    assert.equal(changed.ended(turn('Hallo')).answer, 'Hallo');

    const never = new SentAnswer();
    assert.equal(never.ended(turn('Hello')).answer, 'Hello', 'nothing was sent');
  });

  it('counts a conversation sent whole as what the view has, keeps it past another turn removed, and forgets a turn ended or removed', () => {
    const sent = new SentAnswer();
    sent.sending({ type: 'conversation', turns: [{ ...turn('Earlier'), id: 't0' }, turn('Hel', 'streaming')], answering: true });
    sent.sending({ type: 'turnRemoved', turnId: 't0' });
    sent.sending({ type: 'delta', turnId: 't1', text: 'lo' });
    assert.equal(sent.ended(turn('Hello')).answer, undefined);
    sent.sending({ type: 'turnEnded', turn: sent.ended(turn('Hello')) });
    assert.equal(sent.ended(turn('Hello')).answer, 'Hello', 'the end of a turn is sent once');
    sent.sending({ type: 'turnStarted', turn: { ...turn('', 'streaming'), id: 't2' } });
    sent.sending({ type: 'delta', turnId: 't2', text: 'Hi' });
    sent.sending({ type: 'turnRemoved', turnId: 't2' });
    assert.equal(sent.ended({ ...turn('Hi'), id: 't2' }).answer, 'Hi', 'a removed turn is forgotten');

    sent.sending({ type: 'conversation', turns: [turn('Hello')], answering: false });
    assert.equal(sent.ended(turn('Hello')).answer, 'Hello', 'no turn was streaming');
  });
});
