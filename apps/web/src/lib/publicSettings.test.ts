import { afterEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '../../test/fetch.ts';
import { SETTINGS_ELEMENT_ID } from '@filaha/shared/document';
import { forgetPublicSettings, loadPublicSettings, NO_SETTINGS } from './publicSettings.ts';

const ANSWER = {
  contact: { phone: '+213 555 12 34 56', email: null, address: null },
  servicePrices: { soil: 4000, other: null },
  demoImagery: true,
};

function carry(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = SETTINGS_ELEMENT_ID;
  block.textContent = text;
  document.head.prepend(block);
}

afterEach(() => {
  document.getElementById(SETTINGS_ELEMENT_ID)?.remove();
  forgetPublicSettings();
});

describe('loadPublicSettings', () => {
  it('takes the settings the document came with, without asking the server', async () => {
    carry(JSON.stringify(ANSWER));
    const { calls } = stubApi({ 'GET /api/settings/public': () => json(200, NO_SETTINGS) });
    await expect(loadPublicSettings()).resolves.toEqual(ANSWER);
    expect(calls).toHaveLength(0);
  });

  it('asks the server when the document has none (the service worker shell) or an unreadable block', async () => {
    for (const text of [null, '{not json', '']) {
      if (text !== null) carry(text);
      const { calls } = stubApi({ 'GET /api/settings/public': () => json(200, ANSWER) });
      await expect(loadPublicSettings()).resolves.toEqual(ANSWER);
      expect(calls.map((c) => c.url)).toEqual(['/api/settings/public']);
      document.getElementById(SETTINGS_ELEMENT_ID)?.remove();
      forgetPublicSettings();
    }
  });
});
