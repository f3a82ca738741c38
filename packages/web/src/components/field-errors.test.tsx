// The server's field errors land on their items, and the first failing item in the form's order gets
// the focus (issue 14: on a long form the message at the top was out of sight).
import { Button, Form, Input } from 'antd';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestFailure } from '../api/failure';
import { waitUntil } from '../testing/wait';
import { fieldErrorsInFormOrder, useServerFieldErrors } from './field-errors';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

const ITEMS = ['title', 'applicants', 'remark'] as const;

// The server names the fields in its own order; the form's order decides which one is first.
const failure = {
  status: 400,
  body: {
    code: 500005,
    message: '备注：长度不能超过 5 个字符',
    fields: [
      { field: 'remark', label: '备注', message: '长度不能超过 5 个字符' },
      { field: 'applicants', label: '申请人', message: '类型应为 列表' },
      { field: 'not_in_form', label: '其他', message: 'x' },
    ],
  },
} as unknown as RequestFailure;

describe('server field errors', () => {
  it("keep the form's items only, in the form's order", () => {
    expect(fieldErrorsInFormOrder(failure, ITEMS)).toEqual([
      { name: 'applicants', errors: ['类型应为 列表'] },
      { name: 'remark', errors: ['长度不能超过 5 个字符'] },
    ]);
  });

  it('show each message beside its item and focus the first failing one once the form is enabled again', async () => {
    let place: ReturnType<typeof useServerFieldErrors> | undefined;
    let setBusy: ((busy: boolean) => void) | undefined;
    function Harness() {
      const [form] = Form.useForm();
      const [busy, setBusyState] = useState(false);
      setBusy = setBusyState;
      place = useServerFieldErrors(form);
      return (
        <Form form={form} disabled={busy}>
          {ITEMS.map((name) => (
            <Form.Item key={name} name={name} label={name}>
              <Input />
            </Form.Item>
          ))}
          <Button htmlType="submit">save</Button>
        </Form>
      );
    }
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () => root?.render(<Harness />));
    // As after a save: the form is disabled while the request runs, enabled again with the verdict.
    await act(async () => setBusy?.(true));
    await act(async () => {
      setBusy?.(false);
      expect(place?.(failure, ITEMS)).toEqual(['applicants', 'remark']);
    });
    expect(document.activeElement?.id).toBe('applicants');
    const explain = () =>
      [...container.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent);
    await waitUntil(() => explain().length === 2);
    expect(explain()).toEqual(['类型应为 列表', '长度不能超过 5 个字符']);
  });
});
