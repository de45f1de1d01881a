import { Avatar, Button, FileButton, Group, Loader, Stack, Text } from '@mantine/core';
import { IMAGE_PICKER_DEFAULT_LABEL, pictureError } from '@powerdeck/domain';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiRequestError } from '../lib/api-client';
import { uploadPicture } from '../lib/upload-picture';

/**
 * Image picker (spec §2): a label ('Client image' by default) and Browse. The file is checked
 * (spec §5: 300 KB, jpeg/jpg/png/gif) before it is uploaded; the server checks its content again.
 */
export function ImagePicker({
  label = IMAGE_PICKER_DEFAULT_LABEL,
  value,
  onChange,
  uuid,
}: {
  label?: string;
  value: string;
  onChange: (imageFileRef: string) => void;
  uuid: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState<string | null>(null);

  const handleFile = async (file: File | null) => {
    if (!file) return;
    const problem = pictureError(file);
    setName(file.name);
    if (problem) {
      setError(problem);
      onChange('');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const result = await uploadPicture(file, uuid);
      onChange(result.path);
    } catch (e) {
      setError(isApiRequestError(e) ? e.message : 'Upload failed');
      onChange('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="sm" wrap="nowrap">
        <Avatar src={value || null} radius="md" size={56} alt={label}>
          <IconPhoto aria-hidden />
        </Avatar>
        <FileButton onChange={(f) => void handleFile(f)} accept="image/png,image/jpeg,image/gif">
          {(props) => (
            <Button variant="default" size="xs" {...props} disabled={busy}>
              Browse
            </Button>
          )}
        </FileButton>
        {busy && <Loader size="xs" role="status" aria-label="Uploading" />}
        {name && !busy && (
          <Text size="xs" c="dimmed" truncate>
            {name}
          </Text>
        )}
      </Group>
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
