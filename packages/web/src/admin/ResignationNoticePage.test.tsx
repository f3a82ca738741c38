// The resignation notice settings page with the real App against a local HTTP server playing {webapi}:
// the saved settings fill the form, a bad address is refused before anything is sent, what a save sends,
// the server's refusal shown in the form, a failed load with retry, and the 403 guard without the resource.
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@ipdesk/core';
import type { MyMenus } from '../api/menus';
import type { SavedResignationNotice } from '../api/resignation-notice';
import { forgetMyMenus } from '../session/my-menus';
import { sendJson } from '../testing/local-server';
import { answer, notFound, pageTest } from '../testing/page-test';
import { byTestId, click, typeInto } from '../testing/render';
import { normalizeRecipients, recipientsProblem } from './ResignationNoticePage';
import { settle, waitUntil } from '../testing/wait';

const zh = messages['zh-CN'];
const SETTING = '/webapi/setting/resignation_notice';
const UPDATE = `${SETTING}/do/update`;

let stored: SavedResignationNotice;
let loadFails = false;
let updateAnswer: { status: number; body: unknown } | undefined;

const page = pageTest(
  (request, response) => {
    const path = request.url.split('?')[0];
    if (path === SETTING) {
      if (loadFails) return sendJson(500, { code: 500000, message: 'boom', request_id: 'f' })(request, response);
      return answer(stored)(request, response);
    }
    if (path === UPDATE) {
      if (updateAnswer) return sendJson(updateAnswer.status, updateAnswer.body)(request, response);
      stored = JSON.parse(request.body) as SavedResignationNotice;
      return answer(stored)(request, response);
    }
    return notFound(request, response);
  },
  { companies: [] },
);
beforeEach(() => {
  stored = {
    notify_handover: true,
    notify_admins: false,
    extra_recipients: ['hr@example.com'],
    updated_at: '2026-03-01T08:00:00.000Z',
  };
  loadFails = false;
  updateAnswer = undefined;
  forgetMyMenus();
  signedInWith(['home', 'system.settings']);
});

function signedInWith(resources: string[]): void {
  const menus: MyMenus = { menus: [], resources };
  localStorage.setItem('my-menus', JSON.stringify(menus));
}

const sent = page.sent;
const recipientsInput = () =>
  byTestId<HTMLInputElement>(document.body, 'resignation-notice-recipients').querySelector('input')!;

async function openPage(): Promise<HTMLElement> {
  const rendered = await page.open('/admin/resignation-notice');
  const { container } = rendered;
  await waitUntil(() => container.querySelector('[data-testid="resignation-notice-form"]') !== null);
  return container;
}

/** Types text ending in a separator, which turns it into a recipient tag. */
async function addRecipient(address: string): Promise<void> {
  await typeInto(recipientsInput(), `${address},`);
  await settle(1);
}

describe('the recipients rules', () => {
  it('trims, drops blanks and keeps one of the same address in any case', () => {
    expect(normalizeRecipients([' a@x.cn ', '', 'A@X.cn', 'b@y.cn'])).toEqual(['a@x.cn', 'b@y.cn']);
  });

  it('names the first bad address, then too many', () => {
    expect(recipientsProblem(['a@x.cn', 'nope', 'x@'])).toEqual({ kind: 'invalid', value: 'nope' });
    expect(recipientsProblem(Array.from({ length: 20 }, (_, i) => `u${i}@x.cn`))).toBeUndefined();
    expect(recipientsProblem(Array.from({ length: 21 }, (_, i) => `u${i}@x.cn`))).toEqual({ kind: 'tooMany', max: 20 });
  });
});

describe('resignation notice settings', { timeout: 20_000 }, () => {
  it('shows the saved settings with their explanations', async () => {
    const container = await openPage();
    expect(byTestId(container, 'resignation-notice-handover').getAttribute('aria-checked')).toBe('true');
    expect(byTestId(container, 'resignation-notice-admins').getAttribute('aria-checked')).toBe('false');
    expect(container.querySelector('[data-testid="resignation-notice-recipient-hr@example.com"]')).not.toBeNull();
    expect(container.textContent).toContain(zh['adminResignation.notifyHandoverHelp']);
    expect(container.textContent).toContain(zh['adminResignation.notifyAdminsHelp']);
  });

  it('refuses a bad address without sending, then saves the switches and recipients', async () => {
    const container = await openPage();
    await addRecipient('not-an-email');
    expect(container.querySelector('[data-testid="resignation-notice-recipient-not-an-email"]')).not.toBeNull();
    await click(byTestId(container, 'resignation-notice-save'));
    const refusal = zh['adminResignation.invalidEmail'].replace('{{value}}', 'not-an-email');
    await waitUntil(() => container.textContent?.includes(refusal) === true);
    await settle();
    expect(sent(UPDATE)).toHaveLength(0);

    // Remove the bad address, add a good one (and the saved one again in capitals), flip both switches.
    const badTag = byTestId(container, 'resignation-notice-recipient-not-an-email');
    await click(badTag.querySelector<HTMLElement>('.ant-tag-close-icon')!);
    await addRecipient('legal@example.com');
    await addRecipient('HR@example.com');
    await click(byTestId(container, 'resignation-notice-handover'));
    await click(byTestId(container, 'resignation-notice-admins'));
    await click(byTestId(container, 'resignation-notice-save'));
    await waitUntil(() => sent(UPDATE).length === 1);
    expect(JSON.parse(sent(UPDATE)[0]?.body ?? '{}')).toEqual({
      // The time of the settings read, so a save made meanwhile is not overwritten.
      updated_at: '2026-03-01T08:00:00.000Z',
      notify_handover: false,
      notify_admins: true,
      extra_recipients: ['hr@example.com', 'legal@example.com'],
    });
    await waitUntil(() => document.body.textContent?.includes(zh['adminResignation.saved']) === true);
    expect(container.textContent).not.toContain(refusal);
  });

  it("shows the server's refusal in the form", async () => {
    updateAnswer = {
      status: 400,
      body: {
        code: 500001,
        message: 'invalid',
        request_id: 'v',
        fields: [{ field: 'extra_recipients', label: '其他收件人', message: '邮箱格式不正确' }],
      },
    };
    const container = await openPage();
    await click(byTestId(container, 'resignation-notice-save'));
    await waitUntil(() => container.querySelector('[data-testid="resignation-notice-error"]') !== null);
    expect(byTestId(container, 'resignation-notice-error').textContent).toContain('邮箱格式不正确');
  });

  it('offers a retry when the settings cannot be loaded', async () => {
    loadFails = true;
    const rendered = await page.open('/admin/resignation-notice');
    const { container } = rendered;
    await waitUntil(() => container.querySelector('[data-testid="resignation-notice-retry"]') !== null);
    loadFails = false;
    await click(byTestId(container, 'resignation-notice-retry'));
    await waitUntil(() => container.querySelector('[data-testid="resignation-notice-form"]') !== null);
  });

  it('sends a user without system.settings to 403', async () => {
    signedInWith(['home']);
    const rendered = await page.open('/admin/resignation-notice');
    await waitUntil(() => rendered?.router.state.location.pathname === '/403');
    expect(sent(SETTING)).toHaveLength(0);
  });
});
