/** How to do the main tasks: short, step by step, in the console's own words. */
export interface HelpTopic {
  id: string;
  title: string;
  steps: readonly string[];
}

export const HELP_TOPICS: readonly HelpTopic[] = [
  {
    id: 'find-location',
    title: 'Find a location',
    steps: [
      'Open All Locations in the sidebar to see every location you have access to, as cards or a table.',
      'Type at least 3 characters in the Search box at the top: results are grouped into Locations, Devices, Outlets and Clients.',
      'Click a result or a card to open the location with its devices.',
    ],
  },
  {
    id: 'switch-outlet',
    title: 'Switch or cycle an outlet',
    steps: [
      'Open the device from the location, then Device Controls.',
      'Use the toggle of an outlet to switch it on or off; the row shows progress until the device reports the new state.',
      'Use the cycle button to switch an outlet off and back on.',
      'A locked outlet, a locked location or a disconnected device disables the toggle.',
    ],
  },
  {
    id: 'add-device',
    title: 'Add a device',
    steps: [
      'Open the location and choose Add a Device from its menu (not available at CLIENT level).',
      'For an Ethernet device, enter its MAC ID and the challenge key printed on the label.',
      'For a wireless device, choose Add Wireless Device, pick it from the list your gateway found and join it.',
    ],
  },
  {
    id: 'notes',
    title: 'Keep notes for a location',
    steps: [
      'Choose Notes in the location header (not offered at CLIENT level).',
      'Pick the location on the left, then click "+" to write a note and Save.',
      'Notes are sorted by modification time; toggle Descending/Ascending above the list.',
      'Only the note’s creator or an ADMIN at that location can edit or delete it.',
    ],
  },
  {
    id: 'alerts',
    title: 'Read and manage alerts',
    steps: [
      'The bell in the header shows how many alerts are unread; click it to open the list.',
      'Click an alert to open its device, or use its menu to Mark as Read or Unsubscribe.',
      'A device that goes offline is reported after the location’s grace period (60 seconds unless changed).',
      'Muting a location or a device stops its alerts for you; Profile → Alert Subscriptions lets you subscribe again.',
    ],
  },
];
