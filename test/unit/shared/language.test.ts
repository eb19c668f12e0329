import * as assert from 'node:assert/strict';
import { ago, number, plural, setDisplayLanguage } from '../../../src/shared/language';

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

  it('builds each formatter once for a language, however often it is used', () => {
    const built = { numbers: 0, plurals: 0, ago: 0 };
    const real = { NumberFormat: Intl.NumberFormat, PluralRules: Intl.PluralRules, RelativeTimeFormat: Intl.RelativeTimeFormat };
    const counting = <T extends abstract new (...args: never[]) => unknown>(Real: T, kind: keyof typeof built): T =>
      new Proxy(Real, {
        construct(target, args) {
          built[kind]++;
          return Reflect.construct(target, args) as object;
        },
      });
    Object.assign(Intl, {
      NumberFormat: counting(real.NumberFormat, 'numbers'),
      PluralRules: counting(real.PluralRules, 'plurals'),
      RelativeTimeFormat: counting(real.RelativeTimeFormat, 'ago'),
    });
    try {
      setDisplayLanguage('de');
      for (let i = 0; i < 5; i++) {
        number(i);
        number(i, 1);
        plural(i, 'one', 'other');
        ago(i, 'minute');
      }
      assert.deepEqual(built, { numbers: 2, plurals: 1, ago: 1 }, 'one number format per count of digits');
      assert.equal(ago(1, 'day'), 'gestern');
    } finally {
      Object.assign(Intl, real);
    }
  });
});
