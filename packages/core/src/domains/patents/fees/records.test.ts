// Fee records: unpaid, paid with the surcharge of the payment date (CNR 115 bands), or abandoned.
import { describe, expect, it } from 'vitest';
import { CN_FEE_PACK, abandonFee, feeRecord, feeSchedule, recordPayment } from './index.js';

const [, y4] = feeSchedule(
  {
    office: 'CN',
    patentType: 'invention',
    route: 'direct',
    filingDate: '2015-06-03',
    grantDate: '2018-05-10',
    events: [],
  },
  CN_FEE_PACK,
).filter((fee) => fee.feeCode === 'CN-ANNUITY');
if (!y4) throw new Error('no year 4');

describe('fee records', () => {
  it('starts unpaid', () => {
    expect(feeRecord(y4)).toEqual({
      feeCode: 'CN-ANNUITY',
      ruleCode: 'CN-ANNUITY-INV',
      patentYear: 4,
      dueDate: '2018-06-03',
      graceEnds: '2018-12-03',
      amount: 1_200,
      currency: 'CNY',
      reductionRate: 0,
      surcharge: 0,
      status: 'unpaid',
    });
  });
  it('a late payment carries its surcharge; short or lapsed payments leave the fee unpaid', () => {
    const paid = recordPayment(y4, { date: '2018-07-20', amount: 1_260, reference: 'R1' });
    expect(paid).toMatchObject({ lapsed: false, shortfall: 0, record: { status: 'paid', surcharge: 60 } });
    expect(paid.record.payment).toEqual({ date: '2018-07-20', amount: 1_260, reference: 'R1' });
    expect(recordPayment(y4, { date: '2018-07-20', amount: 1_200 })).toMatchObject({
      shortfall: 60,
      record: { status: 'unpaid' },
    });
    expect(recordPayment(y4, { date: '2018-12-04', amount: 1_500 })).toMatchObject({
      lapsed: true,
      record: { status: 'unpaid' },
    });
  });
  it('can be abandoned', () => {
    expect(abandonFee(feeRecord(y4), '2018-11-01')).toMatchObject({ status: 'abandoned', abandonedOn: '2018-11-01' });
  });
});
