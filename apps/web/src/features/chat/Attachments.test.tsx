import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageAttachments, PendingUploads } from './Attachments';

afterEach(cleanup);

describe('<PendingUploads>', () => {
  it('shows each upload’s progress, its failure, or that it is ready, and removes one', () => {
    const onRemove = vi.fn();
    render(
      <PendingUploads
        onRemove={onRemove}
        uploads={[
          { key: 'a', name: 'cells.png', size: 2048, progress: 0.4, status: 'uploading' },
          {
            key: 'b',
            name: 'big.bin',
            size: 30 << 20,
            progress: 0,
            status: 'failed',
            error: 'A file can be at most 25 MB.',
          },
          { key: 'c', name: 'notes.pdf', size: 900, progress: 1, status: 'done' },
        ]}
      />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Uploading cells.png' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByRole('alert').textContent).toBe('A file can be at most 25 MB.');
    expect(screen.getByText('Ready to send')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Remove notes.pdf' }));
    expect(onRemove).toHaveBeenCalledWith('c');
  });
});

describe('<MessageAttachments>', () => {
  it('previews images and offers every file as a download, names as text', () => {
    render(
      <MessageAttachments
        attachments={[
          { id: 'att_1', name: 'leaf.png', type: 'image/png', size: 1200 },
          { id: 'att_2', name: '<b>notes</b>.pdf', type: 'application/pdf', size: 4096 },
          { id: 'att_3', name: 'drawing.svg', type: 'application/octet-stream', size: 10 },
        ]}
      />,
    );
    expect(screen.getByRole('img', { name: 'leaf.png' }).getAttribute('src')).toBe(
      '/api/attachments/att_1',
    );
    // Only real images get a preview: an SVG is served as a download, never shown.
    expect(screen.getAllByRole('img')).toHaveLength(1);
    const pdf = screen.getByRole('link', { name: 'Download <b>notes</b>.pdf' });
    expect(pdf.getAttribute('href')).toBe('/api/attachments/att_2');
    expect(pdf.getAttribute('download')).toBe('<b>notes</b>.pdf');
    expect(pdf.querySelector('b')).toBeNull();
    expect(screen.getByRole('link', { name: 'Download drawing.svg' })).toBeDefined();
  });
});
