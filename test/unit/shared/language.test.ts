import * as assert from 'node:assert/strict';
import { number, plural, setDisplayLanguage } from '../../../src/shared/language';

describe('the display language', () => {
  afterEach(() => setDisplayLanguage('en'));

  it('writes numbers and picks plurals in the language set last, though its formatters are kept', () => {
    assert.equal(number(2000), '2,000');
    assert.equal(number(2.5, 1), '2.5');
    assert.equal(plural(0, 'one', 'other'), 'other');
    setDisplayLanguage('de');
    assert.equal(number(2000), '2.000');
    assert.equal(number(2.5, 1), '2,5');
    setDisplayLanguage('fr');
    assert.equal(plural(0, 'one', 'other'), 'one', 'French says 0 in the singular');
    setDisplayLanguage('en');
    assert.equal(number(2000), '2,000');
    assert.equal(plural(0, 'one', 'other'), 'other');
  });
});
