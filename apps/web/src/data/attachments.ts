// Docs: docs/channels.md#attachments — the attachments resource: one file uploaded to
// POST /api/attachments with the session cookie, with progress (XMLHttpRequest: fetch cannot report
// upload progress), and a file's address. The server judges the file's type by its bytes; the
// answer is the attachment a message then names by id.
import type { MessageAttachment } from '@seminar/shared';

/** An upload under way: its outcome, and a way to stop it. */
export interface UploadHandle {
  done: Promise<MessageAttachment>;
  abort: () => void;
}

/** Uploads `file` into a channel; `onProgress` gets the share sent (0…1). Rejects with a sentence. */
export function uploadAttachment(
  place: { classId: string; channelId: string },
  file: File,
  onProgress: (share: number) => void,
): UploadHandle {
  const request = new XMLHttpRequest();
  const query = new URLSearchParams({
    class_id: place.classId,
    channel_id: place.channelId,
    name: file.name || 'file',
  });
  const done = new Promise<MessageAttachment>((resolve, reject) => {
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let answer: unknown;
      try {
        answer = JSON.parse(request.responseText);
      } catch {
        answer = null;
      }
      if (request.status === 201 && answer) resolve(answer as MessageAttachment);
      else {
        const message =
          typeof answer === 'object' && answer !== null && 'message' in answer
            ? String((answer as { message: unknown }).message)
            : `The upload failed (${request.status}).`;
        reject(new Error(message));
      }
    };
    request.onerror = () => reject(new Error('The upload failed: check the connection.'));
    request.onabort = () => reject(new Error('Upload stopped.'));
  });
  request.open('POST', `/api/attachments?${query}`);
  request.setRequestHeader('Content-Type', 'application/octet-stream');
  request.send(file);
  return { done, abort: () => request.abort() };
}

/** The address a message's file is read from. */
export const attachmentUrl = (id: string) => `/api/attachments/${encodeURIComponent(id)}`;
