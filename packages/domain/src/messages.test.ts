import { describe, expect, it } from 'vitest';
import { messages, rebootCardTexts } from './messages';

describe('error catalogue', () => {
  it('keeps the spec spelling, typos included', () => {
    expect(messages.deviceAdded).toBe('New device has been added successfuly');
    expect(messages.someErrorOccured).toBe('Some error occured');
    expect(messages.watchAddFailed).toBe('Location cant be added to Watchlist');
    expect(messages.setOutletFailed).toBe('failed to execute command.');
    expect(messages.sequenceCommandFailed).toBe('Failed to execute command');
  });

  it('words the monitoring pause and route texts as the spec does', () => {
    expect(messages.monitoringPaused).toBe(
      'Monitoring has been paused due to inactivity. Click OK if you want to resume monitoring.',
    );
    expect(messages.pageNotFound).toBe('Page not found');
    expect(messages.redirectingHome).toBe('Automatically redirecting you to home page.');
    expect(messages.loginCredentialsChanged).toBe('Your login credentials have been changed.');
  });

  it('has no message with stray whitespace', () => {
    for (const text of Object.values(messages)) expect(text).toBe(text.trim());
  });
});

describe('reboot modal', () => {
  it('names the CV2 card', () => {
    expect(rebootCardTexts('cv2')).toEqual({
      title: 'Reboot CV2',
      body: 'Confirm reboot of the CV2 card? (Note this will not effect the attached device.)',
    });
  });

  it('names the CV3 card', () => {
    expect(rebootCardTexts('cv3').title).toBe('Reboot CV3');
  });
});
