import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { energySettingsSchema, type EnergySettings, type SeasonalRate } from '@powerdeck/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { NumberField } from '../../../../components/number-field';
import { useEnergy, useSaveEnergy } from '../../api/location-settings';

/** A number box may be empty while one types; the schema then says what it needs. */
type Editable<T> = { [K in keyof T]: T[K] extends number ? number | '' : T[K] };
type Draft = Omit<Editable<EnergySettings>, 'rates'> & { rates: Editable<SeasonalRate>[] };

function EnergyForm({
  siteId,
  initial,
  canEdit,
}: {
  siteId: string;
  initial: EnergySettings;
  canEdit: boolean;
}) {
  const [draft, setDraft] = useState<Draft>(initial);
  const save = useSaveEnergy(siteId);
  const valid = energySettingsSchema.safeParse(draft);
  const changed = JSON.stringify(draft) !== JSON.stringify(initial);
  const setRate = (i: number, patch: Partial<Draft['rates'][number]>) =>
    setDraft({ ...draft, rates: draft.rates.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  /** The schema's word on the field at `path`, shown under it (Save stays off while there is one). */
  const errorAt = (...path: Array<string | number>) =>
    valid.success
      ? undefined
      : valid.error.issues.find(
          (issue) => issue.path.length === path.length && path.every((p, k) => issue.path[k] === p),
        )?.message;

  return (
    <Stack>
      <NumberField
        label="Monthly budget"
        prefix="$"
        min={0}
        allowDecimal
        value={draft.monthlyBudget}
        onChange={(v) => setDraft({ ...draft, monthlyBudget: v })}
        error={errorAt('monthlyBudget')}
        disabled={!canEdit}
        maw={240}
      />
      <Text size="sm" fw={500}>
        Seasonal rates (per kWh)
      </Text>
      {draft.rates.length === 0 && (
        <Text size="sm" c="dimmed">
          No seasonal rates yet.
        </Text>
      )}
      {draft.rates.map((rate, i) => (
        <Group key={i} align="flex-start" wrap="wrap" gap="xs">
          <TextInput
            label="Season"
            value={rate.season}
            onChange={(e) => setRate(i, { season: e.currentTarget.value })}
            error={errorAt('rates', i, 'season')}
            disabled={!canEdit}
            w={140}
          />
          <NumberField
            label="From month"
            min={1}
            max={12}
            value={rate.startMonth}
            onChange={(v) => setRate(i, { startMonth: v })}
            error={errorAt('rates', i, 'startMonth')}
            disabled={!canEdit}
            w={110}
          />
          <NumberField
            label="To month"
            min={1}
            max={12}
            value={rate.endMonth}
            onChange={(v) => setRate(i, { endMonth: v })}
            error={errorAt('rates', i, 'endMonth')}
            disabled={!canEdit}
            w={110}
          />
          <NumberField
            label="Rate"
            prefix="$"
            min={0}
            allowDecimal
            value={rate.rate}
            onChange={(v) => setRate(i, { rate: v })}
            error={errorAt('rates', i, 'rate')}
            disabled={!canEdit}
            w={120}
          />
          {canEdit && (
            <ActionIcon
              color="red"
              variant="subtle"
              aria-label={`Remove ${rate.season || 'rate'}`}
              mt={30}
              onClick={() => setDraft({ ...draft, rates: draft.rates.filter((_, j) => j !== i) })}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      ))}
      {canEdit && (
        <Group justify="space-between">
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={draft.rates.length >= 12}
            onClick={() =>
              setDraft({
                ...draft,
                rates: [...draft.rates, { season: '', startMonth: 1, endMonth: 12, rate: 0 }],
              })
            }
          >
            Add rate
          </Button>
          <Button
            disabled={!changed || !valid.success}
            loading={save.isPending}
            onClick={() =>
              valid.success &&
              save.mutate(valid.data, {
                onSuccess: (saved) => {
                  setDraft(saved);
                  notifications.show({ color: 'green', message: 'Energy settings saved' });
                },
                onError: () =>
                  notifications.show({ color: 'red', message: 'Energy settings not saved' }),
              })
            }
          >
            Save rates
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Energy management with seasonal rates and a monthly budget, stored per location. */
export function EnergySection({ siteId, canEdit }: { siteId: string; canEdit: boolean }) {
  const energy = useEnergy(siteId);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack>
        <Title order={2} size="h4">
          Energy management
        </Title>
        {energy.data && (
          <EnergyForm
            key={JSON.stringify(energy.data)}
            siteId={siteId}
            initial={energy.data}
            canEdit={canEdit}
          />
        )}
      </Stack>
    </Paper>
  );
}
