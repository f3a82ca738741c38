// Office actions, notices and events of a case (spec model patent_item). An item's event type and
// date are what event-triggered deadline rules count from (a first office action starts the reply
// period), so saving one recomputes the case's deadlines.
import { defineModel, field } from '../../../models/define.js';

export const patentItem = defineModel({
  name: 'patent_item',
  label: { zh: '官文与事件', en: 'Office actions and events' },
  titleField: 'title',
  filterIndexes: [['patent', 'event_date']],
  // A case's own record: listed on the case, deleted with it (spec §5 "Deleting a case").
  parent: { model: 'patent', field: 'patent', onParentDelete: 'delete' },
  fields: {
    patent: field('parent', {
      label: { zh: '专利', en: 'Patent' },
      target: 'patent',
      required: true,
      flags: { searchFilter: true, tableColumn: true },
    }),
    event: field('option', {
      label: { zh: '事件类型', en: 'Event type' },
      dictionary: 'patent_event',
      required: true,
      flags: { searchFilter: true, tableColumn: true },
    }),
    title: field('text', {
      label: { zh: '名称', en: 'Title' },
      required: true,
      maxLength: 255,
      flags: { keyword: true, tableColumn: true },
    }),
    event_date: field('date', {
      label: { zh: '发文/送达日', en: 'Date (service or event)' },
      required: true,
      help: {
        zh: '期限从此日起算：邮寄送达的官文填推定收到日（发文日 + 15 日），电子送达的填送达日',
        en: 'Deadlines count from this date: for notices served by post the presumed receipt (dispatch + 15 days), for electronic service the date served',
      },
      flags: { searchFilter: true, tableColumn: true },
    }),
    dispatch_number: field('text', { label: { zh: '发文序号', en: 'Dispatch number' }, maxLength: 64 }),
    description: field('longText', { label: { zh: '说明', en: 'Description' } }),
  },
});
