// Docs: docs/channels.md#attachments — the files attached in one channel's composer: each uploads
// at once (with progress); a send takes the uploaded ones; removing one stops its upload.
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { MESSAGE_MAX_ATTACHMENTS, type MessageAttachment } from '@seminar/shared';
import type { PendingUpload } from './Attachments';
import { uploadAttachment, type UploadHandle } from '../../data/attachments';

let nextKey = 0;

/** The composer's attached files for a channel. */
export function useAttachmentUploads(classId: string, channelId: string) {
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const handles = useRef(new Map<string, UploadHandle>());

  // Leaving the channel stops what is still uploading.
  useEffect(() => {
    const running = handles.current;
    return () => {
      for (const handle of running.values()) handle.abort();
      running.clear();
    };
  }, []);

  const update = (key: string, change: Partial<PendingUpload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const attach = useCallback(
    (files: readonly File[]) => {
      setUploads((list) => {
        const room = Math.max(0, MESSAGE_MAX_ATTACHMENTS - list.length);
        const added: PendingUpload[] = [];
        for (const [index, file] of files.entries()) {
          const key = `upload-${(nextKey += 1)}`;
          if (index >= room) {
            added.push({
              key,
              name: file.name || 'file',
              size: file.size,
              progress: 0,
              status: 'failed',
              error: `A message can carry at most ${MESSAGE_MAX_ATTACHMENTS} files.`,
            });
            continue;
          }
          const handle = uploadAttachment({ classId, channelId }, file, (progress) =>
            update(key, { progress }),
          );
          handles.current.set(key, handle);
          handle.done
            .then((attachment) => update(key, { status: 'done', progress: 1, attachment }))
            .catch((error: unknown) =>
              update(key, {
                status: 'failed',
                error: error instanceof Error ? error.message : 'The upload failed.',
              }),
            )
            .finally(() => handles.current.delete(key));
          added.push({
            key,
            name: file.name || 'file',
            size: file.size,
            progress: 0,
            status: 'uploading',
          });
        }
        return [...list, ...added];
      });
    },
    [classId, channelId],
  );

  const remove = useCallback((key: string) => {
    handles.current.get(key)?.abort();
    handles.current.delete(key);
    setUploads((list) => list.filter((u) => u.key !== key));
  }, []);

  /** The uploaded files, for a message being sent; the composer lets go of them. */
  const take = (): MessageAttachment[] => {
    const ready = uploads.flatMap((u) =>
      u.status === 'done' && u.attachment ? [u.attachment] : [],
    );
    setUploads((list) => list.filter((u) => u.status !== 'done'));
    return ready;
  };

  return {
    uploads,
    attach,
    remove,
    take,
    ready: uploads.some((u) => u.status === 'done'),
    busy: uploads.some((u) => u.status === 'uploading'),
  };
}

/** Files dropped anywhere on the channel go to `attach`; `dropping` while files are dragged over. */
export function useFileDrop(enabled: boolean, attach: (files: File[]) => void) {
  const [dropping, setDropping] = useState(false);
  return {
    dropping,
    handlers: {
      onDragOver: (event: DragEvent<HTMLElement>) => {
        if (!enabled || !event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDropping(true);
      },
      onDragLeave: (event: DragEvent<HTMLElement>) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        setDropping(false);
      },
      onDrop: (event: DragEvent<HTMLElement>) => {
        setDropping(false);
        if (!enabled || event.dataTransfer.files.length === 0) return;
        event.preventDefault();
        attach([...event.dataTransfer.files]);
      },
    },
  };
}
