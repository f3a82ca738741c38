import { describe, expect, it } from 'vitest';
import { NOTIFICATION_EVENTS } from './events.js';
import { notificationEventLabel, notificationTitle } from './render.js';

describe('notification titles', () => {
  it('renders every event in both languages, labels in the reader language, no placeholder left', () => {
    for (const event of NOTIFICATION_EVENTS)
      for (const language of ['zh-CN', 'en'] as const) {
        const title = notificationTitle(
          event,
          {
            task: 'T',
            actor: 'A',
            comment: 'C',
            process: { zh: '流程', en: 'Process' },
            from: 'x',
            to: 'y',
            deadline: { zh: '答复', en: 'Reply' },
            due: '2027-01-05',
            days: 3,
            fee: 'F',
            job: 'J',
            count: 2,
            reason: 'R',
          },
          language,
          { title: 'CN-1 电池' },
        );
        expect(title, `${event} ${language}`).not.toMatch(/\{\{|notification\./);
        expect(notificationEventLabel(event, language)).not.toMatch(/notification\./);
      }
    expect(
      notificationTitle('process.approved', { process: { zh: '立案审批', en: 'Filing approval' } }, 'en', {
        title: 'CN-1',
      }),
    ).toBe('Process "Filing approval" approved · CN-1');
  });

  it('hides the title of a record the reader may not see, and drops the record part when there is none', () => {
    expect(notificationTitle('record.statusChanged', { from: 'a', to: 'b' }, 'zh-CN', { hidden: true })).toBe(
      '（无权查看的记录） 的状态由“a”变为“b”',
    );
    expect(notificationTitle('job.failed', { job: 'Import', reason: 'bad file' }, 'en')).toBe(
      'Import failed: bad file',
    );
    expect(notificationTitle('todo.assigned', { task: '审批' }, 'en')).toBe('New to-do: 审批');
  });
});
