import { Anchor, Button, CloseButton, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';

import { rowFileUrl, useRowFileMeta } from '../api/row-file-meta';
import { useUploadRowFile } from '../api/upload-row-file';
import type { RowFile } from '../lib/form';
import { checkRowFile, fileSizeText, filesThatFit, rowFileRule, type RowFileKind } from '../lib/row-files';
import { useOpenFile } from '@/shared/ui/open-file';

function RowFileItem({ file, onRemove, disabled }: { file: RowFile; onRemove: () => void; disabled: boolean }) {
  const { t, i18n } = useTranslation('cv');
  const meta = useRowFileMeta(file.fileId, file.name === null);
  const name = file.name ?? meta.data?.name ?? null;
  const size = file.size ?? meta.data?.size ?? null;
  const shownName = name ?? t('fields.file');
  const openFile = useOpenFile();
  const sizeText = size === null ? null : fileSizeText(size, i18n.language);
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <IconPaperclip size={16} aria-hidden style={{ flexShrink: 0 }} />
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Anchor href={rowFileUrl(file.fileId)} download={name ?? undefined} target="_blank" rel="noopener" size="sm" onClick={openFile} style={{ overflowWrap: 'anywhere' }}>
          {shownName}
        </Anchor>
        {sizeText && (
          <Text size="xs" c="dimmed">
            {t(sizeText.key, { size: sizeText.size })}
          </Text>
        )}
      </Stack>
      <CloseButton size="sm" aria-label={t('files.remove', { name: shownName })} onClick={onRemove} disabled={disabled} />
    </Group>
  );
}

/**
 * The files of a certificate, course or reference (one) or of a portfolio item (several): each
 * shown with its name and size, downloadable and removable, and a picker that checks type and
 * size before uploading. A file belongs to the CV once the CV is saved with its id.
 */
export function RowFiles({
  kind,
  files,
  onChange,
  error,
}: {
  kind: RowFileKind;
  files: RowFile[];
  onChange: (files: RowFile[]) => void;
  /** The server's message for the row's file field when the CV was saved. */
  error?: ReactNode;
}) {
  const { t } = useTranslation('cv');
  const rule = rowFileRule(kind);
  const upload = useUploadRowFile();
  const resetRef = useRef<() => void>(null);
  const [uploading, setUploading] = useState<{ name: string; part: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // uploads finish one after another; each adds to what the row holds by then, through the
  // newest onChange (rows before this one may have been removed meanwhile, moving its index)
  const held = useRef(files);
  held.current = files;
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const multiple = rule.maxFiles > 1;
  const full = files.length >= rule.maxFiles;

  async function choose(chosen: File[]) {
    setProblem(null);
    const { fit, overLimit } = multiple ? filesThatFit(kind, files.length, chosen) : { fit: chosen.slice(0, 1), overLimit: false };
    const problems: string[] = overLimit ? [t('files.tooMany', { count: rule.maxFiles })] : [];
    // with several files at once, each message names its file
    const note = (name: string, message: string) => problems.push(fit.length > 1 ? t('files.failedFile', { name, message }) : message);
    for (const file of fit) {
      const found = checkRowFile(kind, file);
      if (found) {
        note(file.name, found === 'tooLarge' ? t('files.tooLarge') : t(rule.wrongFileKey));
        continue;
      }
      setUploading({ name: file.name, part: 0 });
      try {
        const uploaded = await upload.mutateAsync({ kind, file, onProgress: (part) => setUploading({ name: file.name, part }) });
        // a row removed while its file was on the way takes no file
        if (!mounted.current) return;
        const added: RowFile = { fileId: uploaded.fileId, name: uploaded.name, size: uploaded.size };
        held.current = multiple ? [...held.current, added] : [added];
        latestOnChange.current(held.current);
      } catch (caught) {
        note(file.name, caught instanceof ApiError ? errorText(caught) : t('files.uploadFailed'));
      }
    }
    setUploading(null);
    setProblem(problems.length ? problems.join('\n') : null);
  }

  const busy = uploading !== null;
  const message = problem ?? error;
  return (
    <Stack gap={6}>
      {files.map((file) => (
        <RowFileItem
          key={file.fileId}
          file={file}
          disabled={busy}
          onRemove={() => {
            setProblem(null);
            onChange(files.filter((other) => other.fileId !== file.fileId));
          }}
        />
      ))}
      {uploading && (
        <Stack gap={4}>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('files.uploading', { name: uploading.name })}
          </Text>
          <Progress value={Math.round(uploading.part * 100)} size="sm" animated aria-label={t('files.uploading', { name: uploading.name })} />
        </Stack>
      )}
      {!(full && !multiple) && (
        <Group gap="sm" align="center">
          <FileButton
            resetRef={resetRef}
            accept={rule.accept}
            multiple={multiple}
            onChange={(chosen: File | File[] | null) => {
              const list = chosen === null ? [] : Array.isArray(chosen) ? chosen : [chosen];
              // the same file may be chosen again after an error
              resetRef.current?.();
              if (list.length) void choose(list);
            }}
          >
            {(props) => (
              <Button {...props} size="xs" variant="light" leftSection={<IconPaperclip size={14} aria-hidden />} loading={busy} disabled={full || busy}>
                {t(multiple ? 'files.addFiles' : 'files.addFile')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {t(rule.hintKey, { count: rule.maxFiles })}
          </Text>
        </Group>
      )}
      {message && (
        <Text c="red" size="sm" role="alert" style={{ whiteSpace: 'pre-line' }}>
          {message}
        </Text>
      )}
    </Stack>
  );
}
