import {
  networkMessages,
  type DeviceListItem,
  type PermLvl,
  type Schedule,
  type ScheduleFire,
} from '@powerdeck/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildOutlets } from '../../../test/devices';
import { buildLocationSettings } from '../../../test/locations';
import {
  publicConfig,
  renderRoute,
  signedInUser,
  stubApi,
  urlOf,
  type FakeResponse,
} from '../../../test/render';

const SITE = 's1';
const RACK = 'AA0000000001';
const CARD = 'CC0000000003';
const UPS = 'BB0000000002';
/** 02:30 at a Pacific location on a July Thursday: 09:30 UTC in summer time, 10:30 in winter. */
const JULY_0230_PDT = Date.UTC(2024, 6, 4, 9, 30);

function buildDevice(overrides: Partial<DeviceListItem> = {}): DeviceListItem {
  return {
    siteId: SITE,
    devId: RACK,
    devClass: 'm4315',
    devName: 'Rack M4315',
    fwVer: '2.0.0',
    parentDevId: null,
    connected: true,
    kids: 0,
    watched: false,
    muted: false,
    lastContact: null,
    outlets: buildOutlets(8, [{}, { name1: 'Router' }, { name1: 'Camera' }]),
    ...overrides,
  };
}

const devices = (): DeviceListItem[] => [
  buildDevice(),
  buildDevice({ devId: CARD, devClass: 'cv2', devName: 'Card CV2', kids: 1, outlets: [] }),
  buildDevice({
    devId: UPS,
    devClass: 'kf1500',
    devName: 'UPS on card',
    parentDevId: CARD,
    outlets: buildOutlets(4, [{ name1: 'Bank A', name2: 'Switch', name3: 'Modem' }]),
  }),
];

function buildSchedule(overrides: Partial<Schedule> = {}): Schedule {
  return {
    id: 1,
    siteId: SITE,
    name: '',
    targets: [
      {
        devId: RACK,
        devClass: 'm4315',
        devName: 'Rack M4315',
        parentDevId: null,
        parentDevClass: null,
        otlt: 2,
        outletName: 'Router',
      },
    ],
    action: 'cycle',
    time: '02:30',
    dayMask: 127,
    startDate: null,
    endDate: null,
    enabled: true,
    createdBy: { kind: 'user', id: 'u1', name: 'Olive Owner' },
    createdAt: Date.UTC(2024, 5, 1),
    updatedAt: Date.UTC(2024, 5, 1),
    nextFire: JULY_0230_PDT,
    lastFire: null,
    ...overrides,
  };
}

function buildFire(overrides: Partial<ScheduleFire> = {}): ScheduleFire {
  return {
    id: 9,
    dueAt: Date.UTC(2024, 6, 3, 9, 30),
    firedAt: Date.UTC(2024, 6, 3, 9, 30, 1),
    outcome: 'done',
    targets: [{ devId: RACK, otlt: 2, result: 'done', error: null, cmdId: 'c1' }],
    ...overrides,
  };
}

type Answers = Record<string, FakeResponse | ((url: URL) => FakeResponse)>;

function open({
  schedules = [buildSchedule()],
  permLvl = 'owner',
  dst = true,
  path = `/locations/${SITE}/commands`,
  extra = {},
}: {
  schedules?: Schedule[];
  permLvl?: PermLvl;
  dst?: boolean;
  path?: string;
  extra?: Answers;
} = {}) {
  const fetchMock = stubApi({
    public: { body: publicConfig },
    session: { body: { user: signedInUser } },
    settings: { body: buildLocationSettings({ dst: 'yes' }, { siteId: SITE, permLvl }) },
    visitSite: { body: { siteId: SITE } },
    devList: { body: { records: devices(), totalRecords: 3 } },
    listSchedules: { body: { records: schedules, zone: { timezone: '-8.00', dst } } },
    ...extra,
  });
  renderRoute(path);
  const calls = (svc: string) =>
    fetchMock.mock.calls.filter(([input]) => urlOf(input).includes(`svc=${svc}`));
  const jsonOf = (svc: string, n = 0) =>
    JSON.parse(calls(svc)[n]?.[1]?.body as string) as Record<string, unknown>;
  return { fetchMock, calls, jsonOf };
}

const rows = async () => {
  const table = await screen.findByRole('table');
  return within(table).getAllByRole('row').slice(1);
};

describe('Scheduled Commands tab', () => {
  it('lists each schedule with its days in words and the next fire in the location’s time', async () => {
    open({
      schedules: [
        buildSchedule({ id: 1, dayMask: 127 }),
        buildSchedule({ id: 2, dayMask: 115, action: 'on', time: '18:05' }),
        buildSchedule({ id: 3, dayMask: 12, action: 'off' }),
        // Monday, Thursday and Saturday: bits 4, 0 and 2
        buildSchedule({ id: 4, dayMask: 16 + 1 + 4, nextFire: Date.UTC(2024, 11, 2, 10, 30) }),
      ],
    });
    const [every, weekdays, weekend, some] = await rows();
    expect(within(every!).getByText('Every day')).toBeInTheDocument();
    expect(within(every!).getByText('Cycle')).toBeInTheDocument();
    expect(within(every!).getByText('02:30 AM')).toBeInTheDocument();
    // Pacific summer time (UTC-7) in July …
    expect(within(every!).getByText('Jul/04/2024 02:30:00 AM')).toBeInTheDocument();
    expect(within(every!).getByText('Rack M4315')).toBeInTheDocument();
    expect(within(every!).getByText(/Router/)).toBeInTheDocument();
    expect(within(weekdays!).getByText('Weekdays')).toBeInTheDocument();
    expect(within(weekdays!).getByText('06:05 PM')).toBeInTheDocument();
    expect(within(weekend!).getByText('Weekend')).toBeInTheDocument();
    expect(within(some!).getByText('Mon, Thu, Sat')).toBeInTheDocument();
    // … and standard time (UTC-8) in December.
    expect(within(some!).getByText('Dec/02/2024 02:30:00 AM')).toBeInTheDocument();
  });

  it('shows the next fire at the fixed offset all year when the location keeps no DST', async () => {
    open({ dst: false });
    const [row] = await rows();
    expect(within(row!).getByText('Jul/04/2024 01:30:00 AM')).toBeInTheDocument();
  });

  it('shortens many outlets with "+N more" and explains the last result per target', async () => {
    const target = buildSchedule().targets[0]!;
    open({
      schedules: [
        buildSchedule({
          action: 'off',
          targets: [1, 2, 3, 4, 5].map((otlt) => ({
            ...target,
            otlt,
            outletName: otlt === 2 ? 'Router' : null,
          })),
          lastFire: buildFire({
            outcome: 'partial',
            targets: [
              { devId: RACK, otlt: 1, result: 'done', error: null, cmdId: 'c1' },
              { devId: RACK, otlt: 2, result: 'skipped', error: 'Outlet is locked', cmdId: null },
            ],
          }),
        }),
      ],
    });
    const [row] = await rows();
    expect(within(row!).getByText(/Outlet 1, Router, Outlet 3 \+2 more/)).toBeInTheDocument();
    await userEvent.click(within(row!).getByRole('button', { name: /Last result: Partial/ }));
    expect(await screen.findByText(/Rack M4315 · Router: Skipped/)).toBeInTheDocument();
    expect(screen.getByText('(Outlet is locked)')).toBeInTheDocument();
    expect(screen.getByText(/Rack M4315 · Outlet 1: Done/)).toBeInTheDocument();
  });

  it('shows the empty state with the add action', async () => {
    open({ schedules: [] });
    expect(await screen.findByText('No scheduled commands for this location.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add schedule' })).toBeInTheDocument();
  });

  it('shows an error banner with Try Again when the list cannot be read', async () => {
    let fail = true;
    open({
      extra: {
        listSchedules: () =>
          fail
            ? { status: 500, body: { error: 'Internal error' } }
            : { body: { records: [buildSchedule()], zone: { timezone: '-8.00', dst: true } } },
      },
    });
    expect(await screen.findByText('Error while loading scheduled commands.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Every day')).toBeInTheDocument();
  });

  it('CLIENT sees the schedules with every change disabled', async () => {
    open({ permLvl: 'CLIENT' });
    const [row] = await rows();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add schedule' })).toBeDisabled(),
    );
    for (const name of ['Run now', 'Edit', 'Duplicate', 'Delete']) {
      expect(within(row!).getByRole('button', { name })).toBeDisabled();
    }
    expect(within(row!).getByRole('switch', { name: 'Enabled' })).toBeDisabled();
    expect(screen.getByText(/You can view them but not change them/)).toBeInTheDocument();
  });

  it('shows the server’s refusal when a change is not permitted', async () => {
    open({
      extra: {
        setScheduleEnabled: {
          status: 403,
          body: { error: "You don't have permission to access this location." },
        },
      },
    });
    const [row] = await rows();
    const enabled = within(row!).getByRole('switch', { name: 'Enabled' });
    await waitFor(() => expect(enabled).toBeEnabled());
    await userEvent.click(enabled);
    expect(
      await screen.findByText("You don't have permission to access this location."),
    ).toBeInTheDocument();
  });

  it('delete asks to confirm, then deletes and fetches the list again', async () => {
    const { calls } = open({ extra: { deleteSchedule: { body: { ok: true } } } });
    const [row] = await rows();
    const remove = within(row!).getByRole('button', { name: 'Delete' });
    await waitFor(() => expect(remove).toBeEnabled());
    await userEvent.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Delete schedule' });
    expect(calls('deleteSchedule')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls('deleteSchedule')).toHaveLength(0);

    await userEvent.click(remove);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete schedule' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Schedule deleted')).toBeInTheDocument();
    expect(calls('deleteSchedule')[0]![1]?.body as string).toContain('id=1');
    await waitFor(() => expect(calls('listSchedules').length).toBeGreaterThanOrEqual(2));
  });

  it('Run now asks to confirm and shows the firing’s result in a toast', async () => {
    const { calls } = open({
      extra: {
        runSchedule: {
          body: buildFire({
            dueAt: null,
            outcome: 'failed',
            targets: [
              { devId: RACK, otlt: 2, result: 'skipped', error: 'Outlet is locked', cmdId: null },
            ],
          }),
        },
      },
    });
    const [row] = await rows();
    const run = within(row!).getByRole('button', { name: 'Run now' });
    await waitFor(() => expect(run).toBeEnabled());
    await userEvent.click(run);
    const dialog = await screen.findByRole('dialog', { name: 'Run schedule now' });
    expect(calls('runSchedule')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Run now' }));
    expect(await screen.findByText('Run now: Failed')).toBeInTheDocument();
    expect(screen.getByText('0 of 1 done — Outlet is locked')).toBeInTheDocument();
  });

  it('duplicate opens the form prefilled as a new schedule and saves it as one', async () => {
    const { calls, jsonOf } = open({
      schedules: [
        buildSchedule({ name: 'Nightly', dayMask: 115, time: '23:15', startDate: '2024-07-01' }),
      ],
      extra: { createSchedule: { body: { id: 2 } } },
    });
    const [row] = await rows();
    const duplicate = within(row!).getByRole('button', { name: 'Duplicate' });
    await waitFor(() => expect(duplicate).toBeEnabled());
    await userEvent.click(duplicate);
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate schedule' });
    expect(within(dialog).getByRole('combobox', { name: 'Device 1' })).toHaveValue(RACK);
    expect(within(dialog).getByRole('combobox', { name: 'Outlet 1' })).toHaveValue('2');
    expect(within(dialog).getByRole('combobox', { name: 'Action' })).toHaveValue('cycle');
    expect(within(dialog).getByLabelText(/^Time/)).toHaveValue('23:15');
    expect(within(dialog).getByLabelText(/^Start date/)).toHaveValue('2024-07-01');
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Nightly');
    expect(within(dialog).getByRole('switch', { name: 'Enabled' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Weekdays' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Schedule added')).toBeInTheDocument();
    expect(calls('editSchedule')).toHaveLength(0);
    expect(jsonOf('createSchedule')).toMatchObject({
      siteId: SITE,
      name: 'Nightly',
      targets: [{ devId: RACK, otlt: 2 }],
      action: 'cycle',
      time: '23:15',
      dayMask: 115,
      startDate: '2024-07-01',
      endDate: null,
      enabled: true,
    });
    expect(jsonOf('createSchedule')).not.toHaveProperty('id');
  });

  it('edit saves the changes to the same schedule', async () => {
    const { jsonOf } = open({ extra: { editSchedule: { body: { id: 1 } } } });
    const [row] = await rows();
    const edit = within(row!).getByRole('button', { name: 'Edit' });
    await waitFor(() => expect(edit).toBeEnabled());
    await userEvent.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Edit schedule' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Action' }), 'off');
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    expect(await screen.findByText('Schedule saved')).toBeInTheDocument();
    expect(jsonOf('editSchedule')).toMatchObject({ siteId: SITE, id: 1, action: 'off' });
  });

  it('an off schedule of an outlet that feeds the network asks first, then saves it confirmed', async () => {
    let asked = false;
    const { calls, jsonOf } = open({
      extra: {
        // Refused once, as the server refuses it without the confirmation.
        editSchedule: () => {
          if (asked) return { body: { id: 1 } };
          asked = true;
          return { status: 409, body: { error: networkMessages.needsConfirmation } };
        },
      },
    });
    const [row] = await rows();
    const edit = within(row!).getByRole('button', { name: 'Edit' });
    await waitFor(() => expect(edit).toBeEnabled());
    await userEvent.click(edit);
    const form = await screen.findByRole('dialog', { name: 'Edit schedule' });
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Action' }), 'off');
    const save = within(form).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);

    const confirm = await screen.findByRole('dialog', { name: networkMessages.confirmTitle });
    expect(confirm).toHaveTextContent(networkMessages.cutOff);
    expect(
      within(confirm).queryByRole('button', { name: networkMessages.cycleInstead }),
    ).not.toBeInTheDocument();
    expect(jsonOf('editSchedule')).not.toHaveProperty('confirmNetworkOff');
    await userEvent.click(
      within(confirm).getByRole('button', { name: networkMessages.confirmOff }),
    );
    expect(await screen.findByText('Schedule saved')).toBeInTheDocument();
    expect(calls('editSchedule')).toHaveLength(2);
    expect(jsonOf('editSchedule', 1)).toMatchObject({
      id: 1,
      action: 'off',
      confirmNetworkOff: true,
    });
    expect(screen.queryByText(networkMessages.needsConfirmation)).not.toBeInTheDocument();
  });
});

describe('schedule form', () => {
  async function openAdd(extra: Answers = {}) {
    const api = open({ extra: { createSchedule: { body: { id: 5 } } }, ...extra });
    const add = await screen.findByRole('button', { name: 'Add schedule' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add schedule' });
    return { ...api, dialog };
  }

  it('shows the duplicate outlet message on the repeated row and blocks Save', async () => {
    const { dialog } = await openAdd();
    const form = within(dialog);
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Device 1' }), RACK);
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Outlet 1' }), '2');
    await userEvent.type(form.getByLabelText(/^Time/), '06:00');
    const save = form.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());

    await userEvent.click(form.getByRole('button', { name: 'Add an outlet' }));
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Device 2' }), RACK);
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Outlet 2' }), '2');
    const repeated = form.getByRole('combobox', { name: 'Outlet 2' });
    await waitFor(() =>
      expect(repeated).toHaveAccessibleDescription('This outlet is already selected'),
    );
    expect(form.getByRole('combobox', { name: 'Outlet 1' })).not.toHaveAccessibleDescription();
    expect(save).toBeDisabled();

    await userEvent.selectOptions(repeated, '3');
    await waitFor(() => expect(form.queryByText('This outlet is already selected')).toBeNull());
    await waitFor(() => expect(save).toBeEnabled());
  });

  it('presets set the day masks 127, 115 and 12 and keep the day chips in step', async () => {
    const { dialog, jsonOf } = await openAdd();
    const form = within(dialog);
    const chip = (name: string) => form.getByRole('checkbox', { name });
    expect(form.getByRole('button', { name: 'Every day' })).toHaveAttribute('aria-pressed', 'true');
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) {
      expect(chip(day)).toBeChecked();
    }
    await userEvent.click(form.getByRole('button', { name: 'Weekdays' }));
    expect(chip('Mon')).toBeChecked();
    expect(chip('Fri')).toBeChecked();
    expect(chip('Sat')).not.toBeChecked();
    expect(chip('Sun')).not.toBeChecked();
    await userEvent.click(form.getByRole('button', { name: 'Weekend' }));
    expect(chip('Sat')).toBeChecked();
    expect(chip('Sun')).toBeChecked();
    expect(chip('Mon')).not.toBeChecked();
    // Friday added by hand: no preset matches any more.
    await userEvent.click(chip('Fri'));
    expect(form.getByRole('button', { name: 'Weekend' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(chip('Fri'));
    expect(form.getByRole('button', { name: 'Weekend' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Device 1' }), RACK);
    await userEvent.type(form.getByLabelText(/^Time/), '07:45');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Schedule added')).toBeInTheDocument();
    expect(jsonOf('createSchedule')).toMatchObject({
      targets: [{ devId: RACK, otlt: null }],
      action: 'on',
      time: '07:45',
      dayMask: 12,
    });

    // The two other presets' masks, read back the same way.
    await userEvent.click(await screen.findByRole('button', { name: 'Add schedule' }));
    const again = within(await screen.findByRole('dialog', { name: 'Add schedule' }));
    await userEvent.click(again.getByRole('button', { name: 'Weekdays' }));
    await userEvent.selectOptions(again.getByRole('combobox', { name: 'Device 1' }), RACK);
    await userEvent.type(again.getByLabelText(/^Time/), '07:45');
    await userEvent.click(again.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(jsonOf('createSchedule', 1)).toMatchObject({ dayMask: 115 }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add schedule' }));
    const third = within(await screen.findByRole('dialog', { name: 'Add schedule' }));
    await userEvent.click(third.getByRole('button', { name: 'Weekend' }));
    await userEvent.click(third.getByRole('button', { name: 'Every day' }));
    await userEvent.selectOptions(third.getByRole('combobox', { name: 'Device 1' }), RACK);
    await userEvent.type(third.getByLabelText(/^Time/), '07:45');
    await userEvent.click(third.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(jsonOf('createSchedule', 2)).toMatchObject({ dayMask: 127 }));
  });

  it('no day chosen: the message shows under Days and Save stays disabled', async () => {
    const { dialog } = await openAdd();
    const form = within(dialog);
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Device 1' }), RACK);
    await userEvent.type(form.getByLabelText(/^Time/), '07:45');
    await userEvent.click(form.getByRole('button', { name: 'Weekend' }));
    await userEvent.click(form.getByRole('checkbox', { name: 'Sat' }));
    await userEvent.click(form.getByRole('checkbox', { name: 'Sun' }));
    expect(await form.findByText('Please select at least one day')).toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('offers only the actions the chosen devices can do; whole-device actions hide the outlet', async () => {
    const { dialog, jsonOf } = await openAdd();
    const form = within(dialog);
    const action = form.getByRole('combobox', { name: 'Action' });
    const options = () =>
      within(action)
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(options()).toEqual(['On', 'Off', 'Cycle']);
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Device 1' }), CARD);
    expect(options()).toEqual(['Reboot card']);
    expect(action).toHaveValue('reboot');
    expect(form.queryByRole('combobox', { name: 'Outlet 1' })).toBeNull();
    await userEvent.type(form.getByLabelText(/^Time/), '03:00');
    const enabled = form.getByRole('switch', { name: 'Enabled' });
    expect(enabled).toBeChecked();
    await userEvent.click(enabled);
    expect(enabled).not.toBeChecked();
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Schedule added')).toBeInTheDocument();
    expect(jsonOf('createSchedule')).toMatchObject({
      targets: [{ devId: CARD, otlt: null }],
      action: 'reboot',
      enabled: false,
    });
  });

  it('offers sequence on/off for a CN sequencer behind its bb232, as the server allows', async () => {
    const ADAPTER = 'DD0000000004';
    const SEQUENCER = 'EE0000000005';
    open({
      extra: {
        devList: {
          body: {
            records: [
              ...devices(),
              buildDevice({
                devId: ADAPTER,
                devClass: 'bb232',
                devName: 'Stage BB232',
                kids: 1,
                outlets: [],
              }),
              buildDevice({
                devId: SEQUENCER,
                devClass: 'cn1800',
                devName: 'Stage CN-1800',
                parentDevId: ADAPTER,
                outlets: buildOutlets(3),
              }),
            ],
            totalRecords: 5,
          },
        },
      },
    });
    const add = await screen.findByRole('button', { name: 'Add schedule' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    const form = within(await screen.findByRole('dialog', { name: 'Add schedule' }));
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Device 1' }), SEQUENCER);
    const action = form.getByRole('combobox', { name: 'Action' });
    expect(
      within(action)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['On', 'Off', 'Cycle', 'Sequence On', 'Sequence Off']);
  });

  it('an end date before the start date is refused under End date', async () => {
    const { dialog } = await openAdd();
    const form = within(dialog);
    await userEvent.type(form.getByLabelText(/^Start date/), '2024-08-10');
    await userEvent.type(form.getByLabelText(/^End date/), '2024-08-01');
    await userEvent.tab();
    expect(await form.findByText('End date can not be before start date')).toBeInTheDocument();
  });
});

describe('device Scheduled Commands tab', () => {
  it('lists the schedules touching the device and adds with the device chosen', async () => {
    const { calls } = open({
      path: `/locations/${SITE}/devices/${UPS}/kf1500/commands`,
      schedules: [buildSchedule()],
    });
    expect(await screen.findByText('Every day')).toBeInTheDocument();
    expect(urlOf(calls('listSchedules')[0]![0])).toContain(`devId=${UPS}`);
    const add = screen.getByRole('button', { name: 'Add schedule' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    const dialog = within(await screen.findByRole('dialog', { name: 'Add schedule' }));
    const device = dialog.getByRole('combobox', { name: 'Device 1' });
    expect(device).toHaveValue(UPS);
    // A card and its kid under the card's name; a device without kids on its own.
    expect(within(device).getByRole('group', { name: 'Card CV2' })).toHaveTextContent(
      'Card CV2UPS on card',
    );
    expect(within(device).getByRole('option', { name: 'Rack M4315' })).toBeInTheDocument();
    const outlets = within(dialog.getByRole('combobox', { name: 'Outlet 1' }))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(outlets).toEqual([
      'All outlets',
      'Outlet 1 · Bank A · Switch · Modem',
      'Outlet 2 · Outlet 2 name',
      'Outlet 3 · Outlet 3 name',
      'Outlet 4 · Outlet 4 name',
    ]);
  });

  it('shows its own empty state', async () => {
    open({ path: `/locations/${SITE}/devices/${RACK}/m4315/commands`, schedules: [] });
    expect(await screen.findByText('No scheduled commands for this device.')).toBeInTheDocument();
  });
});
